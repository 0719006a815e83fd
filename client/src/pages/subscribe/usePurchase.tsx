import { useState, type ReactNode } from 'react';
import type { ChannelDto, PlanDto } from '@evolution/shared';
import { useAuth } from '../../auth/store.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { purchaseMode, type PurchaseMode } from './plans.ts';

/** The plan chosen with INITIATE and its dialog, shared by the subscribe, upgrade and signup pages. */
export function usePurchase(): {
  mode: PurchaseMode;
  choose: (channel: ChannelDto, plan: PlanDto) => void;
  dialog: ReactNode;
} {
  const session = useAuth();
  const mode = purchaseMode(session);
  const [chosen, setChosen] = useState<{ channel: ChannelDto; plan: PlanDto } | null>(null);
  const dialog =
    chosen && mode !== 'none' ? (
      <PurchaseDialog
        key={chosen.plan.plan_id}
        channel={chosen.channel}
        plan={chosen.plan}
        mode={mode}
        onClose={() => setChosen(null)}
      />
    ) : null;
  return { mode, choose: (channel, plan) => setChosen({ channel, plan }), dialog };
}

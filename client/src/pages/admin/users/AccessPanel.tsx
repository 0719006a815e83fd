import { useState } from 'react';
import { RadioGroup } from 'radix-ui';
import { ADMIN_ACCESS_FLAGS, TOAST_MS, type AdminAccessFlag, type AdminUser } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { Panel } from '../../../components/ui/Panel.tsx';
import { toast } from '../../../components/ui/notifier.ts';

/** A flag follows the member's plan, or an admin forced it on or off. */
export type AccessSetting = 'plan' | 'on' | 'off';

/** What each setting sends to the access call: null takes the override away. */
export const SETTING_VALUE: Record<AccessSetting, boolean | null> = { plan: null, on: true, off: false };

/** The setting stored for a flag: a missing override follows the plan. */
export function accessSetting(user: Pick<AdminUser, 'access_overrides'>, flag: AdminAccessFlag): AccessSetting {
  const forced = user.access_overrides[flag];
  return forced === true ? 'on' : forced === false ? 'off' : 'plan';
}

/** Whether an access map opens the feature: macros also need the superhuman channel open. */
export const openIn = (map: Record<string, boolean>, flag: AdminAccessFlag) =>
  flag === 'micro_data' ? map.micro_data !== false && map.superhuman_channel === true : map[flag] === true;

/** The line under a flag's choices: what the chosen setting does, and why a feature it would open is still closed. */
export function accessNote(
  user: Pick<AdminUser, 'access' | 'access_plan'>,
  flag: AdminAccessFlag,
  setting: AccessSetting,
): string {
  const f = ADMIN_ACCESS_FLAGS.find((x) => x.key === flag)!;
  if (setting === 'off') return 'Closed whatever the plan.';
  const text = setting === 'plan' ? f.plan : f.on;
  const wouldOpen = setting === 'on' || openIn(user.access_plan, flag);
  if (openIn(user.access, flag) || !wouldOpen) return text;
  return `${text} Closed now: ${flag === 'micro_data' ? 'the Superhuman channel is closed.' : 'no active plan.'}`;
}

export interface AccessChoicesProps {
  user: Pick<AdminUser, 'access' | 'access_overrides' | 'access_plan'>;
  /** The change on its way to the server, shown at once. */
  saving: { flag: AdminAccessFlag; setting: AccessSetting } | null;
  onChoose: (flag: AdminAccessFlag, setting: AccessSetting) => void;
}

/** One three-way choice per flag (Plan, On, Off), with what the member gets now beside it. */
export function AccessChoices({ user, saving, onChoose }: AccessChoicesProps) {
  return (
    <ul className="stack-list access-list">
      {ADMIN_ACCESS_FLAGS.map((f) => {
        const labelId = `access-${f.key}-label`;
        const hintId = `access-${f.key}-hint`;
        const pending = saving?.flag === f.key;
        const setting = pending ? saving.setting : accessSetting(user, f.key);
        const now = openIn(user.access, f.key);
        return (
          <li key={f.key} className="access-item">
            <span id={labelId} className="access-item__label">
              {f.label}
            </span>
            <span className={!pending && now ? 'badge badge--success' : 'badge'}>
              {pending ? 'Saving…' : now ? 'Open now' : 'Closed now'}
            </span>
            <RadioGroup.Root
              className="segmented access-item__choices"
              value={setting}
              // One change at a time: the answer to each is the whole member, which a second change sent before the
              // first was stored could show with the first undone.
              onValueChange={(v) => saving === null && onChoose(f.key, v as AccessSetting)}
              aria-disabled={saving !== null || undefined}
              aria-labelledby={labelId}
              aria-describedby={hintId}
              orientation="horizontal"
            >
              <RadioGroup.Item value="plan" className="segmented__item">
                Plan ({openIn(user.access_plan, f.key) ? 'on' : 'off'} now)
              </RadioGroup.Item>
              <RadioGroup.Item value="on" className="segmented__item">
                On
              </RadioGroup.Item>
              <RadioGroup.Item value="off" className="segmented__item">
                Off
              </RadioGroup.Item>
            </RadioGroup.Root>
            <p id={hintId} className="field__hint access-item__hint">
              {accessNote(user, f.key, setting)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The member's feature access on their edit screen: each change is saved at once and applies from their next call. */
export function AccessPanel({ user }: { user: AdminUser }) {
  const utils = trpc.useUtils();
  const setAccess = trpc.admin.users.setAccess.useMutation();
  const [saving, setSaving] = useState<AccessChoicesProps['saving']>(null);
  const choose = (flag: AdminAccessFlag, setting: AccessSetting) => {
    setSaving({ flag, setting });
    setAccess.mutate(
      { id: user.id, [flag]: SETTING_VALUE[setting] },
      {
        onSuccess(res) {
          utils.admin.users.get.setData({ id: user.id }, res.data);
          toast.success(res.message, TOAST_MS.apiError);
        },
        // The choices wait while a change is saved (AccessChoices), so this one is the change on its way.
        onSettled: () => setSaving(null),
      },
    );
  };
  return (
    <Panel titleId="access-title" title="Feature access" aria-busy={setAccess.isPending || undefined}>
      <p className="muted">
        Each feature follows the member&apos;s plan unless you force it on or off. A change applies from their next
        request.
      </p>
      <AccessChoices user={user} saving={saving} onChoose={choose} />
    </Panel>
  );
}

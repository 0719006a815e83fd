import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { PhaseData, SubmissionResult, TrackType } from '@evolution/shared';
import { TOAST_MS } from '@evolution/shared/constants';
import { trpc } from '../../../api/trpc.ts';
import { authStore } from '../../../auth/store.ts';
import { notify } from '../../../components/ui/notifier.ts';
import { dismissSubmission, enqueueSubmission, type QueuedPhoto } from '../../../offline/queue.ts';
import {
  requestBackgroundSync,
  sendQueuedAs,
  sendingFromRunner,
  useSubmissionAccepted,
} from '../../../offline/useSubmissionQueue.ts';

/** The "Work" route: the work volume screen, which sends the member on to the phase afterwards. */
export const workRoute = (type: TrackType, phaseType: string): string =>
  `/with_menu/work_volume_analysis?from=${encodeURIComponent(type)}&phase=${encodeURIComponent(phaseType)}`;

/** Where a member goes after a phase: the version list after a data analysis, otherwise back to the phase list. */
function afterPhase(type: TrackType, phase: Pick<PhaseData, 'type'>, result: SubmissionResult): string {
  if (phase.type === 'data-analysis') return '/warrior/version';
  return type === 'general'
    ? `/user/warrior/general?version=${result.data.submitted.version}`
    : '/user/warrior/calibration';
}

/** "Calibration · Phase 1" or "Evolution 1 · Version 2 · Phase 3": where a phase sits, as the runner shows it. */
export const phasePlace = (type: TrackType, phase: Pick<PhaseData, 'phase' | 'evolution' | 'version'>): string =>
  type === 'calibration'
    ? `Calibration · Phase ${phase.phase}`
    : `Evolution ${phase.evolution} · Version ${phase.version} · Phase ${phase.phase}`;

/**
 * Submits the active phase through the submission queue: it is written to the phone with its idempotency key first,
 * then sent. Taken at once: the member is moved on. No answer: it stays on the phone, the runner says so, and it is
 * sent when the network returns (counted once however often it is sent). Refused at once: the member is told why and
 * the button comes back, as before; a refusal that comes later is kept for the member to read.
 */
export function usePhaseSubmit(type: TrackType, phase: PhaseData) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const accepted = useSubmissionAccepted();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (data: unknown, target?: string, photos?: Record<string, QueuedPhoto>) => {
    const { user, token } = authStore.get();
    if (busy || sent || !user || !token) return;
    setBusy(true);
    try {
      const entry = await enqueueSubmission({
        userId: user.user_id,
        token,
        type,
        phaseType: phase.type,
        pageId: phase.page.id,
        title: phase.page.title,
        label: phasePlace(type, phase),
        data,
        ...(photos ? { photos } : {}),
      });
      sendingFromRunner.add(entry.key);
      const outcome = (await sendQueuedAs({ userId: user.user_id, token, only: entry.key })).get(entry.key)?.outcome;
      if (outcome?.kind !== 'sent') sendingFromRunner.delete(entry.key);
      // Sent meanwhile by another tab: the screens ask again, as for any phase the queue sends.
      if (!outcome) return void (await utils.warrior.invalidate());
      // No answer: the browser sends it when the network returns, even with the app closed. Refused for its token: the
      // session has ended (sendQueuedAs) and the phase goes once the member has signed in again.
      if (outcome.kind === 'later') return outcome.reason === 'auth' ? undefined : requestBackgroundSync();
      if (outcome.kind === 'refused') {
        // The member is here to read it: the phase stays to fix or run again, the queue keeps nothing.
        await dismissSubmission(entry.key);
        notify({ message: outcome.message, variant: 'danger', duration: TOAST_MS.apiError });
        return;
      }
      setSent(true);
      await accepted(entry, outcome.result, outcome.replayed);
      // The lists start over (no stale 'active' phase flashes on the next screen); the rest is marked stale.
      await Promise.all([utils.warrior.phases.reset(), utils.warrior.versions.reset()]);
      await utils.warrior.invalidate(undefined, { refetchType: 'none' });
      navigate(target ?? afterPhase(type, phase, outcome.result));
      // The phase just done is no longer the one to run: dropped once the runner has gone, not refetched under it.
      queueMicrotask(() => queryClient.removeQueries({ queryKey: [['warrior', 'phase']] }));
    } finally {
      setBusy(false);
    }
  };
  return {
    submit: (data: unknown, target?: string, photos?: Record<string, QueuedPhoto>) => void submit(data, target, photos),
    busy,
    sent,
  };
}

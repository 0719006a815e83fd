import { useState } from 'react';
import { useLocation } from 'wouter';
import type { PhaseData, SubmissionResult, TrackType } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { useRefreshSession } from '../../../auth/actions.ts';
import { authStore } from '../../../auth/store.ts';
import { clearRunnerCache } from './phaseRunner.ts';

/** The "Work" route: the work volume screen, which sends the member on to the phase afterwards. */
export const workRoute = (type: TrackType, phaseType: string): string =>
  `/with_menu/work_volume_analysis?from=${encodeURIComponent(type)}&phase=${encodeURIComponent(phaseType)}`;

/** Where a member goes after a phase: the version list after a data analysis, otherwise back to the phase list. */
export function afterPhase(type: TrackType, phase: Pick<PhaseData, 'type'>, result: SubmissionResult): string {
  if (phase.type === 'data-analysis') return '/warrior/version';
  return type === 'general' ? `/user/warrior/general?version=${result.data.submitted.version}` : '/user/warrior/calibration';
}

/** Keeps the stored session's programme state in step with a submission's answer. */
function applyToSession(result: SubmissionResult) {
  const { data } = result;
  const session = authStore.get();
  authStore.update({
    evolution: { evolution_id: data.evolution_id, evolution: data.evolution, version: data.version, phase: data.phase, need_calibration: data.need_calibration },
    ...(session.access ? { access: { ...session.access, evolution_page: data.access.evolution_page } } : {}),
  });
}

/**
 * Submits the active phase with its page id (a retry is answered as the first submit, never counted twice).
 * The button waits while the call runs, comes back on failure (no message of its own: the error catalogue speaks),
 * and stays off after success while the member is taken on. Success clears the cached progress.
 */
export function usePhaseSubmit(type: TrackType, phase: PhaseData) {
  // Sent even when the browser says it is offline: a dropped network fails the submit at once and gives the button
  // back (the sets stay cached), rather than leaving a paused call spinning.
  const mutation = trpc.warrior.submitPhase.useMutation({ networkMode: 'always' });
  const utils = trpc.useUtils();
  const refreshSession = useRefreshSession();
  const [, navigate] = useLocation();
  const [sent, setSent] = useState(false);

  const submit = (data: unknown, target?: string) => {
    if (mutation.isPending || sent) return;
    mutation.mutate(
      { type, phaseType: phase.type, page_id: phase.page.id, data },
      {
        async onSuccess(result) {
          setSent(true);
          clearRunnerCache(localStorage);
          applyToSession(result);
          // Calibration complete: the session is re-read (need_calibration off, evolution page open).
          if (type === 'calibration' && phase.type === 'data-analysis') await refreshSession().catch(() => undefined);
          // The lists start over (no stale 'active' phase flashes on the next screen); the rest is marked stale.
          await Promise.all([utils.warrior.phases.reset(), utils.warrior.versions.reset()]);
          await utils.warrior.invalidate(undefined, { refetchType: 'none' });
          navigate(target ?? afterPhase(type, phase, result));
        },
      },
    );
  };
  return { submit, busy: mutation.isPending, sent };
}

import { useState } from 'react';
import type { PhaseData, TrackType } from '@evolution/shared';
import { notify } from '../../../components/ui/notifier.ts';
import { RUNNER_NOTICE_MS, submissionData, type RunnerPlan } from './phaseRunner.ts';
import { usePhaseSubmit } from './usePhaseSubmit.ts';
import { useRunner, type CacheIdentity } from './useRunner.ts';

/** What the page hands a timed runner: the phase, its plan and whose cached progress it is. */
export interface RunnerProps {
  type: TrackType;
  phase: PhaseData;
  plan: RunnerPlan;
  identity: CacheIdentity;
}

/**
 * What the timed runners (sets and the VO2 test) share: the phase's progress and its submit, Submit Data (which says
 * what is still missing, if anything), and the props of the Restart question.
 */
export function usePhaseRun({ type, phase, plan, identity }: RunnerProps) {
  const { submit, busy, sent } = usePhaseSubmit(type, phase);
  const [state, dispatch] = useRunner(plan, identity, sent);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const submitData = () => {
    const check = submissionData(plan, state);
    if (check.ok) submit(check.data);
    else if (check.message) notify({ message: check.message, variant: 'warning', duration: RUNNER_NOTICE_MS });
  };
  const restart = {
    open: confirmRestart,
    onOpenChange: setConfirmRestart,
    onRestart: () => dispatch({ type: 'restart' }),
  };
  return { state, dispatch, submit, busy, sent, submitData, askRestart: () => setConfirmRestart(true), restart };
}

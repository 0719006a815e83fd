import { useEffect, useReducer, useRef } from 'react';
import { notify } from '../../../components/ui/notifier.ts';
import {
  RUNNER_NOTICE_MS,
  cacheableState,
  initialRunnerState,
  readRunnerCache,
  restoreRunnerState,
  runnerReducer,
  saveRunnerCache,
  type RunnerAction,
  type RunnerPlan,
  type RunnerState,
} from './phaseRunner.ts';

export interface CacheIdentity {
  pageId: number;
  userId: number;
  signature: string;
}

/**
 * The runner's state for a plan: restored from the cache when it belongs to this page and member, cached again
 * after every step, and its notices shown for 2 s. `stopCaching` (after a successful submit) keeps the cleared
 * cache clear and disables the timer.
 */
export function useRunner(
  plan: RunnerPlan,
  identity: CacheIdentity,
  stopCaching: boolean,
): [RunnerState, (action: RunnerAction) => void] {
  const [state, dispatch] = useReducer(
    (s: RunnerState, a: RunnerAction) => runnerReducer(plan, s, a),
    null,
    () => restoreRunnerState(plan, readRunnerCache(localStorage, identity)) ?? initialRunnerState(plan),
  );

  const { pageId, userId, signature } = identity;
  const cached = cacheableState(state);
  const snapshot = JSON.stringify(cached);
  useEffect(() => {
    if (stopCaching) return;
    saveRunnerCache(localStorage, { pageId, userId, signature }, JSON.parse(snapshot) as unknown);
  }, [snapshot, stopCaching, pageId, userId, signature]);

  // Once the phase is submitted the timer cannot start again (the spec's disableTimer event).
  useEffect(() => {
    if (stopCaching) dispatch({ type: 'disableTimer' });
  }, [stopCaching]);

  const shown = useRef(state.notice?.seq ?? 0);
  useEffect(() => {
    if (!state.notice || state.notice.seq === shown.current) return;
    shown.current = state.notice.seq;
    notify({ message: state.notice.text, variant: 'warning', duration: RUNNER_NOTICE_MS });
  }, [state.notice]);

  return [state, dispatch];
}

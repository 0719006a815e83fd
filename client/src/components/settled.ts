import { useEffect, useSyncExternalStore } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useAuth } from '../auth/store.ts';
import { whenIdle } from './whenIdle.ts';

let shown = false;
let settled = false;
const waiting: (() => void)[] = [];
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Called by the route view once the first screen (not the splash) has committed. */
export function markScreenShown(): void {
  if (shown) return;
  shown = true;
  listeners.forEach((l) => l());
}

/** Whether a screen has been shown since the app started. */
export const screenShown = (): boolean => shown;

function markSettled() {
  if (settled) return;
  settled = true;
  waiting.splice(0).forEach((run) => run());
  listeners.forEach((l) => l());
}

/**
 * Runs `work` once the app has settled (see SettleWatch), in an idle moment of its own so that several pieces of
 * deferred work do not add up to one long task; at once when idle if it already has. Answers the cancel.
 */
export function whenSettled(work: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (!cancelled) cancelIdle = whenIdle(work);
  };
  if (settled) run();
  else waiting.push(run);
  return () => {
    cancelled = true;
    cancelIdle();
    const at = waiting.indexOf(run);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * Mounted once by the app: it has settled once start-up is done, the first screen has committed, no call is in flight
 * and the browser has been idle (at most 5 s later). The service worker is registered then (main.tsx), so its
 * precache download never competes with the first screen.
 */
export function SettleWatch(): null {
  const { ready } = useAuth();
  const screen = useSyncExternalStore(subscribe, () => shown);
  const fetching = useIsFetching();
  const due = !settled && ready && screen && fetching === 0;
  useEffect(() => (due ? whenIdle(markSettled, 5000) : undefined), [due]);
  return null;
}

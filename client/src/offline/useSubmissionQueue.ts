import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import type { SubmissionResult } from '@evolution/shared';
import { trpc } from '../api/trpc.ts';
import { useRefreshSession } from '../auth/actions.ts';
import { endSessionRefusing } from '../auth/sessionEnd.ts';
import { authStore } from '../auth/store.ts';
import { notify } from '../components/ui/notifier.ts';
import { clearRunnerCache } from '../pages/warrior/runner/phaseRunner.ts';
import { onQueueChange, queuedSubmissions, sendQueued, SYNC_TAG, type QueuedSubmission } from './queue.ts';

/** The queue as the screens show it: read from IndexedDB, again whenever it changes (here, in another tab, in the worker). */
let snapshot: QueuedSubmission[] = [];
const listeners = new Set<() => void>();
let watching = false;
function reload() {
  queuedSubmissions().then(
    (all) => {
      snapshot = all;
      listeners.forEach((l) => l());
    },
    () => undefined,
  );
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!watching && typeof indexedDB !== 'undefined') {
    watching = true;
    onQueueChange(() => reload());
    reload();
  }
  return () => listeners.delete(listener);
}

/** The signed-in member's queued submissions (waiting or refused), oldest first. */
export function useQueuedSubmissions(): QueuedSubmission[] {
  const all = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  const userId = authStore.get().user?.user_id;
  return all.filter((entry) => entry.userId === userId);
}

/** Asks the browser to send the queue once it is online, even with the app closed (Background Sync, where it exists). */
export function requestBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (
        registration as ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }
      ).sync?.register(SYNC_TAG),
    )
    .catch(() => undefined);
}

/** Keeps the stored session's programme state in step with a submission's answer. */
function applyToSession(result: SubmissionResult) {
  const { data } = result;
  const session = authStore.get();
  authStore.update({
    evolution: {
      evolution_id: data.evolution_id,
      evolution: data.evolution,
      version: data.version,
      phase: data.phase,
      need_calibration: data.need_calibration,
    },
    ...(session.access ? { access: { ...session.access, evolution_page: data.access.evolution_page } } : {}),
  });
}

/** Entries whose acceptance this page has already acted on (its own send and the announcement of it both arrive). */
const handled = new Set<string>();

/** Entries the runner on this page is sending now: it moves the app on itself, onto the next screen. */
export const sendingFromRunner = new Set<string>();

/** What the app does once the server has a submission: the phone forgets the runner's progress, the session moves on. */
export function useSubmissionAccepted(): (
  entry: QueuedSubmission,
  result: SubmissionResult,
  replayed: boolean,
) => Promise<void> {
  const refreshSession = useRefreshSession();
  return useCallback(
    async (entry, result, replayed) => {
      if (handled.has(entry.key)) return;
      handled.add(entry.key);
      if (authStore.get().user?.user_id !== entry.userId) return;
      clearRunnerCache(localStorage);
      // A first answer given again may be older than where the member now stands: the session is asked afresh then.
      if (!replayed) applyToSession(result);
      // Calibration complete: the session is re-read (need_calibration off, evolution page open).
      if (replayed || (entry.type === 'calibration' && entry.phaseType === 'data-analysis'))
        await refreshSession().catch(() => undefined);
    },
    [refreshSession],
  );
}

/**
 * Sends what waits for `userId` with `token`. A send refused for its token (401: it expired, or a logout or password
 * change elsewhere) ends the session as any refused call does: the member signs in again and comes back, and the queue
 * then goes on with the new token. Without that the phase would read "saved on this phone" while online, for good.
 */
export async function sendQueuedAs(opts: { userId: number; token: string; only?: string }) {
  const outcomes = await sendQueued(opts);
  if ([...outcomes.values()].some(({ outcome }) => outcome.kind === 'later' && outcome.reason === 'auth'))
    endSessionRefusing(opts.token, notify);
  return outcomes;
}

/** Sends what waits for the signed-in member (QueueWatch moves the app on for each one the server takes). */
export function useSendQueued(): () => Promise<void> {
  return useCallback(async () => {
    const { user, token } = authStore.get();
    if (!user || !token) return;
    await sendQueuedAs({ userId: user.user_id, token });
  }, []);
}

/** How often a phone that still has something waiting tries again on its own (one bar of signal never says 'online'). */
const RETRY_MS = 30_000;

/** Mounted once by the app: sends the queue when the app opens, whenever the network returns, and now and then while any waits. */
export function QueueWatch(): null {
  const send = useSendQueued();
  const signedIn = useSyncExternalStore(authStore.subscribe, () => authStore.get().user?.user_id ?? null);
  const waiting = useQueuedSubmissions().some((entry) => entry.state === 'waiting');
  const accepted = useSubmissionAccepted();
  const utils = trpc.useUtils();
  // Taken by the server, whoever sent it (this page, another tab, the worker's Background Sync): the app moves on and
  // the screens on show ask again (the phase, the lists and the results have moved on).
  useEffect(
    () =>
      onQueueChange((message) => {
        if (message.type !== 'sent' || handled.has(message.entry.key) || sendingFromRunner.has(message.entry.key))
          return;
        void accepted(message.entry, message.result, message.replayed).then(() => utils.warrior.invalidate());
      }),
    [accepted, utils],
  );
  useEffect(() => {
    if (signedIn === null || typeof indexedDB === 'undefined') return;
    const run = () => void send().catch(() => undefined);
    if (onlineManager.isOnline()) run();
    return onlineManager.subscribe((online) => {
      if (online) run();
    });
  }, [send, signedIn]);
  // Not at once when an entry appears: the runner that queued it is sending it right now.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void send().catch(() => undefined), RETRY_MS);
    return () => clearInterval(timer);
  }, [send, waiting]);
  return null;
}

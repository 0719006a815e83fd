import { useSyncExternalStore } from 'react';

/**
 * The "new version" flow. A new deploy's worker installs in the background and waits: the member is offered "A new
 * version is ready", and it is applied when they accept or on their next move to another screen, never under a screen
 * in use (a phase half done keeps the code it started with). Apart from the registration (serviceWorker.ts), so the
 * banner can be tested without the service worker's build-time module.
 */
let waiting = false;
let take: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** A new version is installed and waits; `activate` makes it take over and reloads the page on the screen it is on. */
export function offerUpdate(activate: () => Promise<void>): void {
  take = activate;
  waiting = true;
  listeners.forEach((l) => l());
}

/** Whether a new version is installed and waits for the app to take it. */
export const useUpdateWaiting = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => waiting,
    () => false,
  );

/** Takes the waiting version: the new worker activates and the page reloads on the screen it is on. */
export function applyUpdate(): void {
  if (waiting && take) void take();
}

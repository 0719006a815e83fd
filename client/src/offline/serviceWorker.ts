import { useSyncExternalStore } from 'react';

/**
 * The service worker's registration and the "new version" flow. A new deploy's worker installs in the background and
 * waits: the member is offered "A new version is ready", and it is applied when they accept or on their next move to
 * another screen, never under a screen in use (a phase half done keeps the code it started with).
 */
let waiting = false;
let apply: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Registers /sw.js (after the first screen: its precache download must not compete with it); no-op without support. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  apply = registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      listeners.forEach((l) => l());
    },
    onRegisterError(error: unknown) {
      console.warn('The offline app could not be installed', error);
    },
  });
  // A member who keeps the app open for days still hears of a new version: look for one every hour.
  const registration = await navigator.serviceWorker.ready;
  setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}

/** Whether a new version is installed and waits for the app to take it. */
export const useUpdateWaiting = (): boolean => useSyncExternalStore(subscribe, () => waiting, () => false);

/** Takes the waiting version: the new worker activates and the page reloads on the screen it is on. */
export function applyUpdate(): void {
  if (waiting && apply) void apply(true);
}

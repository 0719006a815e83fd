import { offerUpdate } from './update.ts';

/**
 * The service worker's registration. A new deploy's worker installs in the background and waits: update.ts offers it
 * to the member and applies it when they accept or on their next move to another screen.
 */

/** Registers /sw.js (after the first screen: its precache download must not compete with it); no-op without support. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      offerUpdate(() => updateSW(true));
    },
    onRegisterError(error: unknown) {
      console.warn('The offline app could not be installed', error);
    },
  });
  // A member who keeps the app open for days still hears of a new version: look for one every hour.
  const registration = await navigator.serviceWorker.ready;
  setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}

import { offerUpdate } from './update.ts';

/**
 * The service worker's registration. A new deploy's worker installs in the background and waits: update.ts offers it
 * to the member and applies it when they accept or on their next move to another screen.
 */

/** Registers /sw.js (after the first screen: its precache download must not compete with it); no-op without support. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  // Set when this tab takes the new version: only then does its activation reload this tab at once.
  let takenHere = false;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      offerUpdate(() => {
        takenHere = true;
        return updateSW(true);
      });
    },
    // Another tab took it: this one reloads on its member's next move to another screen, never under the screen in use.
    onNeedReload() {
      if (takenHere) window.location.reload();
      else offerUpdate(async () => window.location.reload());
    },
    onRegisterError(error: unknown) {
      console.warn('The offline app could not be installed', error);
    },
  });
  // A member who keeps the app open for days still hears of a new version: look for one every hour.
  const registration = await navigator.serviceWorker.ready;
  setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}

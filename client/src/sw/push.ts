/// <reference lib="webworker" />
import type { PushNotification } from '@evolution/shared/schemas/push';

/**
 * Web Push in the service worker: a push message from the server (services/push.ts) becomes a
 * notification, and a click on it brings the app to the screen it names. The payload is the JSON of PushNotification:
 * title, body, url (the app's own hash route, e.g. /#/with_menu/messages/5) and tag (a newer one replaces the older).
 */
declare const self: ServiceWorkerGlobalScope;

const ICON = '/pwa-192x192.png';
const BADGE = '/pwa-64x64.png';
const FALLBACK: PushNotification = { title: 'Evolution', body: 'You have something new.', url: '/', tag: 'evolution' };

/** The payload as sent, or the fallback for a message that is empty or not ours (the browser wants a notification shown). */
function readPayload(event: PushEvent): PushNotification {
  try {
    const data = event.data?.json() as Partial<PushNotification> | undefined;
    if (data && typeof data.title === 'string') {
      return {
        title: data.title,
        body: String(data.body ?? ''),
        url: sameOriginPath(String(data.url ?? '/')),
        tag: String(data.tag ?? FALLBACK.tag),
      };
    }
  } catch {
    // Not JSON: shown as the fallback.
  }
  return FALLBACK;
}

/** Only this app's own addresses are opened: anything else becomes the app's home. */
function sameOriginPath(url: string): string {
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? `${target.pathname}${target.search}${target.hash}` : '/';
}

self.addEventListener('push', (event) => {
  const notification = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.tag,
      icon: ICON,
      badge: BADGE,
      data: { url: notification.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginPath(String((event.notification.data as { url?: unknown } | null)?.url ?? '/'));
  event.waitUntil(
    (async () => {
      // A window of the app already open is brought forward and moved to the screen; otherwise a new one opens there.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(new URL(url, self.location.origin).href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

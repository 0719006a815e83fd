/**
 * This device's side of Web Push: the browser's permission and its PushSubscription, made through the service
 * worker's registration (client/src/sw/push.ts shows what arrives). No server calls here.
 */
import { onUserChange, type UserSource } from '../auth/store.ts';

/** The device's PushSubscription as the server takes it (`toJSON()`). */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Whether this browser can receive Web Push at all (iOS only in an app added to the Home Screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The site's notification permission: 'granted', 'denied' (blocked in the browser's settings) or 'default' (not asked yet). */
export function notificationPermission(): NotificationPermission {
  return Notification.permission;
}

/** A base64url key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/** The registration, when the service worker is installed; never waits (in development there may be none). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** The subscription this browser holds now, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration())?.pushManager.getSubscription() ?? null;
}

/** How long turning on waits for the service worker before saying it is not running. */
const WORKER_WAIT_MS = 10_000;
const NO_WORKER = "The app's service worker is not running here: reload the page and try again.";

/**
 * Subscribes this browser with the server's VAPID key (after the permission was granted). A subscription made with
 * another key (the server's keys changed) cannot be reused, so it is replaced.
 */
export async function subscribeDevice(publicKey: string): Promise<DeviceSubscription> {
  const ready = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
  if (!ready) throw new Error(NO_WORKER);
  const key = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return asJson(subscription);
}

/** The subscription's endpoint and keys, as `toJSON()` gives them. */
function asJson(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Ends this browser's subscription and answers its endpoint (null when there was none). The push service then answers
 * 410 for it, so the server drops it on its next send even when it was not told.
 */
export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** How long sign-out waits for the server to hear of it; the push service's 410 tells the server later otherwise. */
const SIGN_OUT_WAIT_MS = 3000;

/**
 * At sign-out, this device stops receiving the account's notifications (a shared or handed-on phone): the browser's
 * subscription ends, and the server is told while the token still works. Never fails and never holds sign-out long.
 */
export async function stopPushAtSignOut(forget: (endpoint: string) => Promise<unknown>): Promise<void> {
  if (!pushSupported()) return;
  const endpoint = await unsubscribeDevice().catch(() => null);
  if (!endpoint) return;
  await Promise.race([
    forget(endpoint).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
  ]);
}

/**
 * However a session ends on this device (a logout, a token refused, another tab, an account deleted) or passes to
 * another account, its notifications stop here: the browser's subscription ends, and the push service's 410 then drops
 * it on the server. At start with nobody signed in too: a session that ended while the app was closed left it behind.
 * Answers the unsubscribe from `auth`.
 */
export function endPushWithSession(auth: UserSource): () => void {
  const end = () => {
    if (pushSupported()) void unsubscribeDevice().catch(() => undefined);
  };
  if (auth.get().user === null) end();
  return onUserChange(auth, (previous) => {
    if (previous !== null) end();
  });
}

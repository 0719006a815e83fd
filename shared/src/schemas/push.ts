import { z } from 'zod';
import { blankToUndefined } from './fields.ts';

// Web Push: a signed-in member's or admin's devices register the browser's PushSubscription so coaches'
// replies and messages (members) and new flags and replies (admins) reach them with the app closed.

/** Longest endpoint accepted (push services' addresses are 100 to 500 characters). */
const PUSH_ENDPOINT_MAX = 2048;

/** Texts of the push calls, shared by the server and the screens (Laravel's style: the specs give none). */
export const PUSH_MESSAGE = {
  endpointRequired: 'The endpoint field is required.',
  endpointInvalid: 'The endpoint must be an https URL.',
  endpointHost: "The endpoint must be the address of a browser's push service.",
  endpointTooLong: `The endpoint may not be greater than ${PUSH_ENDPOINT_MAX} characters.`,
  keysRequired: 'The keys field is required.',
  p256dhRequired: 'The keys.p256dh field is required.',
  p256dhInvalid: 'The keys.p256dh must be a P-256 public key: 65 bytes in base64url.',
  authRequired: 'The keys.auth field is required.',
  authInvalid: 'The keys.auth must be a 16-byte secret in base64url.',
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  notFound: 'Push subscription not found.',
} as const;

const M = PUSH_MESSAGE;
// Only the loopback may be plain http: a local push endpoint in tests and development, never another host. Which hosts
// may be sent to at all is the server's setting (PUSH_ENDPOINT_HOSTS): a loopback one only when it is listed there.
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
// The WHATWG URL parser both sides have (this package is built without DOM or Node types).
const WhatwgUrl = (
  globalThis as unknown as {
    URL: new (input: string) => { protocol: string; hostname: string; username: string; password: string };
  }
).URL;

/** The shape of an endpoint: an https URL without credentials, or http on the loopback (the server checks the host). */
export function isPushEndpoint(value: string): boolean {
  let url: InstanceType<typeof WhatwgUrl>;
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

const endpointField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: M.endpointRequired })
    .trim()
    .max(PUSH_ENDPOINT_MAX, M.endpointTooLong)
    .refine(isPushEndpoint, M.endpointInvalid),
);

/**
 * A base64url key of `chars` characters once its `=` padding is dropped (what `PushSubscription.toJSON()` gives);
 * 65 bytes are 87 characters, 16 bytes 22. `prefix` pins the first character: an uncompressed P-256 point starts 0x04 (B).
 */
const base64urlKey = (required: string, invalid: string, chars: number, prefix = '') =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: required })
      .trim()
      .transform((s) => s.replace(/={1,2}$/, ''))
      .refine((s) => s.length === chars && /^[A-Za-z0-9_-]+$/.test(s) && s.startsWith(prefix), invalid),
  );

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** POST push/subscription: the browser's PushSubscription as `toJSON()` gives it (expirationTime is ignored). */
export const pushSubscriptionInput = z.object({
  endpoint: endpointField.describe("the push service's address for this device"),
  keys: z.object(
    {
      p256dh: base64urlKey(M.p256dhRequired, M.p256dhInvalid, 87, 'B').describe(
        "the device's P-256 public key, base64url",
      ),
      auth: base64urlKey(M.authRequired, M.authInvalid, 22).describe("the device's 16-byte auth secret, base64url"),
    },
    { error: M.keysRequired },
  ),
});

/** DELETE push/subscription and GET push/subscription?endpoint: one of the caller's devices. */
export const pushEndpointInput = z.object({ endpoint: endpointField });

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** GET push/key: the server's VAPID public key, the `applicationServerKey` a browser subscribes with. */
const pushKeySchema = z
  .object({
    public_key: z.string().describe('base64url, 65 bytes (an uncompressed P-256 point)'),
  })
  .meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;
export const pushKeyResponse = z.object({ data: pushKeySchema });

/** One of the caller's devices (its keys are never sent back). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  created_at: z.string(),
  last_used_at: z
    .string()
    .nullable()
    .describe('when the push service last accepted a notification for it; null before the first'),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionSchema>;
export const pushSubscriptionResponse = z.object({ data: pushSubscriptionSchema });
/** POST push/subscription (201 when new to the caller, 200 when it was already theirs). */
export const pushSubscribedResponse = z.object({ message: z.string(), data: pushSubscriptionSchema });

/** The notification a device shows (the push message's decrypted JSON). No health data: subjects and names only. */
export const pushNotificationSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app's own address to open on a click, e.g. `/#/with_menu/messages/5`. */
  url: z.string(),
  /** One notification per tag on a device: a newer one replaces it. */
  tag: z.string(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

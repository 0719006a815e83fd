import { messageSendInput } from '@evolution/shared';
import type { FieldErrors } from '../../../forms/useForm.ts';
import { schemaErrors } from '../../../forms/useForm.ts';

export const MESSAGE_LIST = '/admin/message_management';
export const messagePath = (id: number) => `/admin/message/${id}`;

/** The new-message form's fields: the recipient is a member or a channel, as `recipient_kind` says. */
export const SEND_FIELDS = ['subject', 'recipient_kind', 'recipient_id', 'channel_id', 'message'] as const;
export type SendField = (typeof SEND_FIELDS)[number];
export type RecipientKind = 'member' | 'channel';

/** What the form sends: only the recipient of the chosen kind. */
export function sendPayload(values: Record<SendField, string>, idempotencyKey: string) {
  const member = values.recipient_kind === 'member';
  return {
    subject: values.subject,
    message: values.message,
    ...(member ? { recipient_id: values.recipient_id } : { channel_id: values.channel_id }),
    idempotency_key: idempotencyKey,
  };
}

/**
 * The shared schema's verdict on the form, with a missing recipient shown where the admin chooses it: under the
 * member search, or under the channel select.
 */
export function validateSend(values: Record<SendField, string>): FieldErrors<SendField> {
  const errors = schemaErrors(messageSendInput, sendPayload(values, ''), SEND_FIELDS);
  return placeRecipientError(errors, values.recipient_kind as RecipientKind);
}

/** A recipient message from the schema or the server, moved to the field the admin is using. */
export function placeRecipientError(errors: FieldErrors<SendField>, kind: RecipientKind): FieldErrors<SendField> {
  const out = { ...errors };
  if (kind === 'channel' && out.recipient_id) {
    out.channel_id ??= out.recipient_id;
    delete out.recipient_id;
  }
  if (kind === 'member' && out.channel_id) {
    out.recipient_id ??= out.channel_id;
    delete out.channel_id;
  }
  return out;
}

/** A fresh key for one send: the server sends a message once per key, however often the form is submitted. */
export function newSendKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "3 of 12" for a channel message; "Read" or "Unread" for a message to one member. */
export function readSummary(message: {
  read_count: number;
  recipients_count: number;
  channel_id: number | null;
}): string {
  if (message.channel_id === null) return message.read_count > 0 ? 'Read' : 'Unread';
  return `${message.read_count} of ${message.recipients_count}`;
}

/** While a channel message is being delivered, how often its screens ask again (the walk writes a page in under a second). */
export const DELIVERY_REFRESH_MS = 2_000;

const count = (n: number) => n.toLocaleString('en-GB');

/** "Delivering… 12,000 of ~333,333" while the job queue writes a channel message's recipients; "Delivered to 333,333 members" after. */
export function deliverySummary(message: {
  delivered_count: number;
  expected_count: number;
  delivered_at: string | null;
}): string {
  if (message.delivered_at === null)
    return `Delivering… ${count(message.delivered_count)} of ~${count(message.expected_count)}`;
  return `Delivered to ${count(message.delivered_count)} member${message.delivered_count === 1 ? '' : 's'}`;
}

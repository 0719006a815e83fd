import { z } from 'zod';
import { blankToUndefined, MAX_ID, recordId, requiredTextWithMessages, wholeNumberOrMissing } from './fields.ts';
import { pageInput } from './pagination.ts';

// Coaches' messages (docs/product.md §6): admins send to one member or to every member of a channel; members
// read them in their inbox. docs/spec/admin.md §5 asks only that subject, recipient and message be required.

/** Longest subject and message accepted. */
export const MESSAGE_SUBJECT_MAX = 255;
export const MESSAGE_BODY_MAX = 10_000;
/** Recipients a sent message's detail lists (readers first): a channel message may have hundreds of thousands. */
export const MESSAGE_RECIPIENTS_SHOWN = 200;

/** Texts of the message calls, shared by the server and the screens (Laravel's style: the spec gives none). */
export const MESSAGE_TEXT = {
  subjectRequired: 'Enter a subject.',
  subjectTooLong: `The subject may not be greater than ${MESSAGE_SUBJECT_MAX} characters.`,
  messageRequired: 'Write a message.',
  messageTooLong: `The message may not be greater than ${MESSAGE_BODY_MAX} characters.`,
  recipientRequired: 'Choose a member or a channel to send it to.',
  recipientInvalid: 'The recipient must be a whole number.',
  channelInvalid: 'The channel must be a whole number.',
  recipientOrChannel: 'Choose one member or one channel, not both.',
  recipientNotMember: 'The selected recipient is not a member.',
  channelUnknown: 'The selected channel is invalid.',
  channelEmpty: 'Nobody in this channel has an active subscription: the message would reach no one.',
  keyTooLong: 'The idempotency key may not be greater than 100 characters.',
  notFound: 'Message not found.',
  sent: 'The message has been sent.',
  noMessages: 'No messages yet.',
  formerCoach: 'Your coach',
  deletedMember: 'Deleted member',
} as const;

const T = MESSAGE_TEXT;
/** An optional positive id, sent as a number or a numeric string; blank or null counts as not sent. */
const optionalId = (invalid: string) =>
  z.preprocess(
    wholeNumberOrMissing,
    z.number({ error: invalid }).int(invalid).positive(invalid).max(MAX_ID, invalid).optional(),
  );

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/**
 * POST admin/message: the recipient is one member (recipient_id) or every member of a channel (channel_id), never
 * both. `idempotency_key` (optional) makes a repeated send with the same key answer the first one and send nothing.
 */
export const messageSendInput = z
  .object({
    subject: requiredTextWithMessages(T.subjectRequired, MESSAGE_SUBJECT_MAX, T.subjectTooLong),
    recipient_id: optionalId(T.recipientInvalid).describe('the member it goes to'),
    channel_id: optionalId(T.channelInvalid).describe(
      'or: the channel whose members with an active subscription it goes to',
    ),
    message: requiredTextWithMessages(T.messageRequired, MESSAGE_BODY_MAX, T.messageTooLong),
    idempotency_key: z
      .preprocess(blankToUndefined, z.string({ error: T.keyTooLong }).trim().max(100, T.keyTooLong).optional())
      .describe(
        'any unique text per send (a UUID): a second send with the same key sends nothing and answers the first',
      ),
  })
  .superRefine(
    (v, ctx) => {
      if (v.recipient_id === undefined && v.channel_id === undefined)
        ctx.addIssue({ code: 'custom', path: ['recipient_id'], message: T.recipientRequired });
      if (v.recipient_id !== undefined && v.channel_id !== undefined)
        ctx.addIssue({ code: 'custom', path: ['recipient_id'], message: T.recipientOrChannel });
    },
    {
      // Checked alongside the other fields' rules, so an empty form hears about all three at once.
      when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'recipient_id' || i.path?.[0] === 'channel_id'),
    },
  );

/** A message named by its path (admin/message/{id}, user/message/{id}). */
export const messageIdInput = z.object({ id: recordId });
export const messageListInput = pageInput;

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A row of GET admin/message: what was sent, to whom, and how many have read it. */
export const adminMessageRowSchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    from: z.string().nullable().describe("the sending admin's name; null once that account is deleted"),
    recipient_id: z.number().int().nullable().describe('the member it was sent to; null for a channel message'),
    channel_id: z.number().int().nullable().describe('the channel it was sent to; null for a message to one member'),
    recipient: z.string().describe('"Jane Doe (jane@example.com)" or "Warrior channel"'),
    recipients_count: z.number().int().describe('members who received it'),
    read_count: z.number().int().describe('of whom have opened it'),
    created_at: z.string(),
    expected_count: z
      .number()
      .int()
      .describe('members the message was for when it was sent (a channel message is delivered after the answer)'),
    delivered_count: z
      .number()
      .int()
      .describe('recipient rows written so far: it grows while a channel message is delivered'),
    delivered_at: z
      .string()
      .nullable()
      .describe('when delivery finished; null while a channel message is still being delivered'),
  })
  .meta({ id: 'AdminMessageRow' });
export type AdminMessageRow = z.infer<typeof adminMessageRowSchema>;

/** One recipient of a message and when they read it. */
const messageReaderSchema = z
  .object({
    user_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    read_at: z.string().nullable().describe('null while unread'),
  })
  .meta({ id: 'MessageReader' });
export type MessageReader = z.infer<typeof messageReaderSchema>;

/** GET admin/message/{id}: the message with its recipients, those who have read it first (latest first). */
export const adminMessageSchema = adminMessageRowSchema
  .extend({
    message: z.string(),
    recipients: z
      .array(messageReaderSchema)
      .describe(
        `the first ${MESSAGE_RECIPIENTS_SHOWN} recipients, readers first (latest first); recipients_count says how many in all`,
      ),
  })
  .meta({ id: 'AdminMessage' });
export type AdminMessage = z.infer<typeof adminMessageSchema>;
export const adminMessageResponse = z.object({ data: adminMessageSchema });
/** POST admin/message (201; 200 when the idempotency key was seen before). */
export const messageSentResponse = z.object({ message: z.string(), data: adminMessageRowSchema });

/** A row of the member's inbox, GET user/message. */
export const inboxRowSchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    preview: z
      .string()
      .describe("the message's first 140 characters in plain words (its Markdown marks removed; a cut one ends in …)"),
    from: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable().describe('null while unread'),
  })
  .meta({ id: 'InboxRow' });
export type InboxRow = z.infer<typeof inboxRowSchema>;

/** GET user/message/{id} (opening it marks it read). */
export const memberMessageSchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    message: z.string(),
    from: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'MemberMessage' });
export type MemberMessage = z.infer<typeof memberMessageSchema>;
export const memberMessageResponse = z.object({ data: memberMessageSchema });

/** GET user/message/unread_count. */
export const unreadCountResponse = z.object({ data: z.object({ unread_count: z.number().int() }) });

import { z } from 'zod';
import { emptyToUndefined, recordId, requiredTextWithMessages, wholeNumberFromText } from './fields.ts';
import { pageInput } from './pagination.ts';

// Assistance flags (support threads): docs/spec/member-and-public.md §§3, 4, 5 and 7, docs/spec/admin.md §§3, 4 and 7.

/** Flag status (docs/spec/admin.md §9). */
export const FLAG_STATUS = { open: 0, closed: 1 } as const;
export type FlagStatus = (typeof FLAG_STATUS)[keyof typeof FLAG_STATUS];

/** Longest subject and message accepted. */
export const FLAG_SUBJECT_MAX = 255;
export const FLAG_MESSAGE_MAX = 10_000;

/** Messages of the flag calls, shared by the server and the screens; the first two are the spec's own. */
export const FLAG_MESSAGE = {
  subjectRequired: 'The subject is required',
  messageRequired: 'The message is required',
  subjectTooLong: `The subject may not be greater than ${FLAG_SUBJECT_MAX} characters.`,
  messageTooLong: `The message may not be greater than ${FLAG_MESSAGE_MAX} characters.`,
  statusInvalid: 'The status must be 0 (open) or 1 (closed).',
  notFound: 'Assistance flag not found.',
  closedNoReply: 'This assistance flag is closed: it takes no more replies.',
  opened: 'Assistance flag opened.',
  replied: 'Reply sent.',
  closed: 'Assistance flag closed.',
  alreadyClosed: 'Assistance flag already closed.',
  memberConfirmClose: 'Are you sure about closing this assistance flag?',
  adminConfirmClose: 'YOU SURE?',
} as const;

const flagMessage = requiredTextWithMessages(
  FLAG_MESSAGE.messageRequired,
  FLAG_MESSAGE_MAX,
  FLAG_MESSAGE.messageTooLong,
);

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** POST user/assistance_flag. */
export const flagCreateInput = z.object({
  subject: requiredTextWithMessages(FLAG_MESSAGE.subjectRequired, FLAG_SUBJECT_MAX, FLAG_MESSAGE.subjectTooLong),
  message: flagMessage,
});

/** POST user/assistance_flag/{id}/reply and POST admin/assistance_flag/{id}/reply. */
export const flagReplyInput = z.object({ message: flagMessage });

/** A flag named by its path (user/assistance_flag/{id}, admin/assistance_flag/{id}). */
export const flagIdInput = z.object({ id: recordId });

/** GET user/assistance_flag?page. */
export const flagListInput = pageInput;

/** GET admin/assistance_flag?page&status: open ones first; status 0 or 1 keeps only those. */
export const adminFlagListInput = pageInput.extend({
  status: z.preprocess(
    (v) => wholeNumberFromText(emptyToUndefined(v)),
    z
      .union([z.literal(FLAG_STATUS.open), z.literal(FLAG_STATUS.closed)], { error: FLAG_MESSAGE.statusInvalid })
      .optional(),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers

const status = z.union([z.literal(0), z.literal(1)]).describe('0 open, 1 closed');

/** A reply in a flag's thread. */
const flagResponseSchema = z
  .object({
    id: z.number().int(),
    from: z.string().describe("who wrote it: the member's name or the coach's"),
    by_coach: z.boolean().describe('true when a coach (an admin) wrote it'),
    message: z.string(),
    created_at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'FlagReply' });

/** A flag in a list: the opening message without the thread. */
export const flagRowSchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    from: z.string().describe("the member's name"),
    user_id: z.number().int(),
    message: z.string().describe('the opening message'),
    status,
    responses_count: z.number().int(),
    created_at: z.string().describe('ISO 8601'),
    updated_at: z.string().describe('ISO 8601; moves on with every reply and the close'),
  })
  .meta({ id: 'FlagRow' });
export type FlagRow = z.infer<typeof flagRowSchema>;

/** A flag with its whole thread, oldest reply first. */
export const flagSchema = flagRowSchema
  .extend({
    closed_at: z.string().nullable().describe('ISO 8601'),
    responses: z.array(flagResponseSchema),
  })
  .meta({ id: 'Flag' });
export type FlagDto = z.infer<typeof flagSchema>;

/** GET .../assistance_flag/{id}. */
export const flagDetailResponse = z.object({ data: flagSchema });
/** The writes: POST user/assistance_flag, the replies and the closes. */
export const flagSavedResponse = z.object({ message: z.string(), data: flagSchema });
export type FlagSaved = z.infer<typeof flagSavedResponse>;

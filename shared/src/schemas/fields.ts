import { z } from 'zod';

/** "a" or "an" before a noun. */
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/**
 * The words a person reads when a field is missing or names nothing on the list, made here for every schema (the
 * specs' own messages, docs/spec/*.md, are kept verbatim where they give one).
 */
export const FIELD_MESSAGE = {
  /** A value to type: 'Enter the name.' */
  enter: (label: string) => `Enter the ${label}.`,
  /** A choice to make: 'Choose an exercise type.' */
  choose: (thing: string) => `Choose ${article(thing)} ${thing}.`,
  /** A choice that names nothing there is (an unknown or mangled id): 'Choose an exercise type from the list.' */
  chooseListed: (thing: string) => `Choose ${article(thing)} ${thing} from the list.`,
} as const;

/** Blank strings and nulls count as missing, as in a submitted form. */
export const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/** An empty string or null counts as missing; spaces are kept, for the field's own rule (a password keeps them). */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A number sent as text (a sign and decimals allowed) reads as that number; anything else stays as sent. */
export const numberFromText = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;

/** A number sent as a number or as text; blank or null counts as missing. */
export const numberOrMissing = (v: unknown) => numberFromText(blankToUndefined(v));

/** A whole number sent as text reads as that number; anything else stays as sent. */
export const wholeNumberFromText = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** A whole number sent as a number or as text; blank or null counts as missing. */
export const wholeNumberOrMissing = (v: unknown) => wholeNumberFromText(blankToUndefined(v));

/** A required text with its own messages for missing (blank counts as missing) and for too long. */
export const requiredTextWithMessages = (required: string, max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).trim().max(max, tooLong));

/** A required text with the spec's '{label} is required' message. */
export const requiredText = (label: string, max = 255, message = `${label} is required`) =>
  requiredTextWithMessages(message, max, `${label} may not be greater than ${max} characters`);

/** An optional text: blank becomes null. */
export const optionalText = (label: string, max = 255) =>
  z.preprocess(
    (v) => blankToUndefined(v) ?? null,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} may not be greater than ${max} characters`)
      .nullable(),
  );

/** What a video link may be, as the client plays it (components/VideoSlot.tsx): an http(s) address or a bare id. */
export const VIDEO_LINK_MESSAGE =
  'The video link must be an http or https address, or a video id (letters, digits, - and _).';

/** An http(s) address, or a bare id the client appends to its video host's player address (never `javascript:`). */
export const isVideoLink = (link: string): boolean => /^(https?:\/\/[^\s/$.?#]\S*|[\w-]+)$/i.test(link);

/** Whether a form or test counts reps or seconds, as the answers give it. */
export const repsOrTime = z.union([z.literal(1), z.literal(2)]).describe('1 reps, 2 time (seconds)');

/** PostgreSQL's largest integer: an id beyond it names no row (and must never reach a query as an overflow). */
export const MAX_ID = 2_147_483_647;

/**
 * A positive whole id, sent as a number or a numeric string (Laravel's 'The x field is required.'); one beyond the
 * integer range names no row: 'The selected x is invalid.', as Laravel's exists rule says.
 */
export const idField = (label: string) =>
  z.preprocess(
    wholeNumberOrMissing,
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? `The ${label} field is required.` : `The ${label} must be a whole number.`,
      })
      .int(`The ${label} must be a whole number.`)
      .positive(`The ${label} must be a whole number.`)
      .max(MAX_ID, `The selected ${label} is invalid.`),
  );

/** A choice's number, read by `read` from what was sent; the messages are choiceField's. */
const choiceOf = (thing: string, read: (v: unknown) => unknown) =>
  z.preprocess(
    read,
    z
      .number({
        error: (iss) => (iss.input === undefined ? FIELD_MESSAGE.choose(thing) : FIELD_MESSAGE.chooseListed(thing)),
      })
      .int(FIELD_MESSAGE.chooseListed(thing))
      .positive(FIELD_MESSAGE.chooseListed(thing))
      .max(MAX_ID, FIELD_MESSAGE.chooseListed(thing)),
  );

/**
 * The id of a thing a person picks from a list (an exercise type, a form group), sent as a number or a whole-number
 * string: missing, 'Choose an exercise type.'; anything that cannot name one, 'Choose an exercise type from the list.'.
 */
export const choiceField = (thing: string) => choiceOf(thing, wholeNumberOrMissing);

/** choiceField that also reads a number sent as text with a sign or decimals: '1.0' is 1 (the catalogue's forms). */
export const choiceFieldAcceptingDecimalText = (thing: string) => choiceOf(thing, numberOrMissing);

/**
 * A positive whole id from a path or a query, coerced from its text: 'The {field} must be a whole number.' for anything
 * else, and `tooLarge` beyond the integer range.
 */
export const wholeIdField = (field: string, tooLarge = `The ${field} must be a whole number.`) =>
  z.coerce
    .number({ error: `The ${field} must be a whole number.` })
    .int(`The ${field} must be a whole number.`)
    .positive(`The ${field} must be a whole number.`)
    .max(MAX_ID, tooLarge);

/**
 * A record's id where a path names it (or a call that stands for that path): an id that cannot name a record reads as
 * 0, which names none, so the service answers its own 404, as Laravel's route binding does for a bad id.
 */
export const recordId = z
  .preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number().int().positive().max(MAX_ID),
  )
  .catch(0);

/** A decimal measure in a range, sent as a number or a numeric string. */
export const measure = (label: string, min: number, max: number, required = `${label} is required`) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? required : `${label} must be a number`) })
      .min(min, `${label} must be between ${min} and ${max}`)
      .max(max, `${label} must be between ${min} and ${max}`),
  );

const isCalendarDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date as YYYY-MM-DD (an ISO date-time is cut to its date). */
export const calendarDate = (label: string, required = `${label} is required`) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : blankToUndefined(v)),
    z.string({ error: required }).refine(isCalendarDate, `${label} must be a valid date (YYYY-MM-DD)`),
  );

/** A time of day as HH:MM (24-hour; seconds are accepted and dropped). */
export const timeOfDay = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} is required` })
      .trim()
      .regex(/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be a time (HH:MM)`)
      .transform((t) =>
        t
          .split(':')
          .slice(0, 2)
          .map((x) => x.padStart(2, '0'))
          .join(':'),
      ),
  );

/** Constants taken from the specifications (member-and-public.md section 9, admin.md section 9). */

export const ROLE = { member: 1, admin: 2 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

export const CHANNEL = { warrior: 1, superhuman: 2, immortal: 3 } as const;
export type ChannelShortName = keyof typeof CHANNEL;

/** Feature flags of the access map (spec section 3). */
export const ACCESS_FLAGS = ['evolution_page', 'warrior_channel', 'superhuman_channel', 'immortal_channel'] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];
export type AccessMap = Record<string, boolean>;

export const SETUP_STEPS = 2;
export const MIN_PASSWORD_LENGTH = 6;
export const DEFAULT_PER_PAGE = 10;

/** Introduction page ids by type. */
export const INTRODUCTION_PAGE = { portal: 97, warrior: 1, superhuman: 2 } as const;
export const TECHNIQUE_GUIDE_CATEGORY = 4;

/** Work-volume sets and their labels. */
export const WORK_VOLUME_SETS = [
  { sets: 12, label: 'Novice' },
  { sets: 16, label: 'Beginner' },
  { sets: 18, label: 'A little rusty' },
  { sets: 24, label: 'Intermediate' },
  { sets: 30, label: 'Advanced' },
  { sets: 36, label: 'Seriously Advanced' },
  { sets: 45, label: 'Alpha' },
] as const;

/** Client-side texts of the error catalogue (spec section 8). */
export const ERROR_TEXT = {
  401: 'You are unauthorized to use this feature',
  403: 'You are forbidden to use this feature',
  404: '(404) Your request could not be identified, please verify submitted data',
  500: '(500) There was internal error. Please contact our support team',
} as const;

/** Server-side messages in Laravel's shape (PRODUCT.md section 2). */
export const SERVER_MESSAGE = {
  unauthenticated: 'Unauthenticated.',
  unauthorized: 'This action is unauthorized.',
  tooManyAttempts: 'Too Many Attempts.',
  notFound: 'Not Found.',
  serverError: 'Server Error',
  invalidCredentials: 'These credentials do not match our records.',
  emailTaken: 'The email has already been taken.',
} as const;

/** Validation messages the register form shows (spec section 5). */
export const FORM_MESSAGE = {
  required: 'This is a required field',
  format: 'Incorrect format',
  passwordsMismatch: 'Passwords do not match',
} as const;

/** Toast durations in milliseconds. */
export const TOAST_MS = { default: 2500, apiError: 3000, short: 2000, medium: 5000, long: 10000 } as const;

/** The largest progress photo accepted before re-encoding: 10 MB, the 'not greater than 10240 kilobytes' message. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The most tRPC calls one batched request may carry (server limit, client link limit). */
export const TRPC_MAX_BATCH = 10;

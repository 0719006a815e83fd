/** Constants taken from the specifications (docs/spec/member-and-public.md §9, docs/spec/admin.md §9). */

export const ROLE = { member: 1, admin: 2 } as const;

export const CHANNEL = { warrior: 1, superhuman: 2, immortal: 3 } as const;

/** Feature flags of the access map (spec section 3). */
const ACCESS_FLAGS = ['evolution_page', 'warrior_channel', 'superhuman_channel', 'immortal_channel'] as const;
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

/** Server-side messages in Laravel's shape (docs/product.md §2). */
export const SERVER_MESSAGE = {
  unauthenticated: 'Unauthenticated.',
  /** Laravel's own 403: a caller of another role (a member on the admin API, an admin on a member's call). */
  unauthorized: 'This action is unauthorized.',
  /** A member with no active subscription asks for a channel's content. */
  subscriptionRequired: 'An active subscription is required.',
  /** A member whose subscription is active, on a plan without that channel (warrior asking for superhuman). */
  notInPlan: 'Your subscription does not include this feature.',
  /** A feature an admin switched off for this member (PATCH admin/admin/{id}/access). */
  switchedOff: 'This feature is switched off for your account.',
  tooManyAttempts: 'Too Many Attempts.',
  notFound: 'Not Found.',
  serverError: 'Server Error',
  invalidCredentials: 'These credentials do not match our records.',
  emailTaken: 'The email has already been taken.',
  /** A new password among the 10,000 most common (server/src/data/common-passwords.txt), refused wherever one is set. */
  commonPassword: 'This password is too common. Choose another.',
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

// Nutrition (the superhuman channel).

/** Meal group ids of the spec's tree (docs/spec/member-and-public.md §2): 0 is Aliment, the root. */
export const MEAL_GROUP = {
  aliment: 0,
  elixirs: 1,
  majorMeals: 2,
  minorMeals: 3,
  vegan: 6,
  vegetarian: 7,
  pescatarian: 8,
  prep: 9,
  salads: 10,
  desserts: 11,
} as const;

/** The Saturni Elixir's phases, in the order of their routes (/superhuman/meal/saturni-elixir/phase-one..four). */
export const ELIXIR_PHASE_NAMES = ['one', 'two', 'three', 'four'] as const;

/** Servings a member may scale a recipe to (spec section 9). */
export const SERVINGS = { min: 1, max: 100 } as const;

/** The most ingredients a meal may have (docs/spec/admin.md §9). */
export const MAX_INGREDIENTS = 12;

export const SUPERHUMAN_MESSAGE = {
  noMeals: 'No meals in this group',
  servings: `Servings must be a whole number from ${SERVINGS.min} to ${SERVINGS.max}.`,
  mealNotFound: 'Meal not found.',
  groupNotFound: 'Meal group not found.',
  /** The spec's message for members whose plan does not include customised macros. */
  notEligible: 'Customised macros are only available to our top tiers: upgrade to Superhuman to get yours.',
  macrosOff: 'Customised macros are switched off for your account. Ask a coach through an assistance flag.',
  noMacroData: 'DATA COULD NOT BE FOUND.',
  needsMeasurements: 'Your macros need your fact-find and a data analysis with your body fat.',
} as const;

// The warrior programme's words, here rather than beside its zod schemas so the runner's screens do not load zod.

/** The warrior programme's two tracks: calibration (max tests) and general (versions of phases). */
export const TRACK_TYPES = ['calibration', 'general'] as const;
export type TrackType = (typeof TRACK_TYPES)[number];

/** Phase class keys (docs/product.md §3); the last path segment of a phase submission. */
export const PHASE_TYPES = [
  'vo2',
  'exercise',
  'exercises',
  'challenge',
  'flexibility',
  'recovery',
  'data-analysis',
] as const;
export type PhaseType = (typeof PHASE_TYPES)[number];

/** Form and calibration measure: 1 reps, 2 time (seconds). */
export const REPS_OR_TIME = { reps: 1, time: 2 } as const;

export const WARRIOR_MESSAGE = {
  mustEnterReps: 'You must enter reps',
  timeRequired: 'The time to complete field is required.',
  notActivePhase: 'This is not your active phase.',
  calibrateFirst: 'Calibration comes first: finish the calibration track.',
  calibrationDone: 'Calibration is complete for this evolution.',
  noResults: 'Data could not be found.',
  imageRequired: 'The image field is required.',
  imageInvalid: 'The image must be an image.',
  imageTooLarge: 'The image may not be greater than 10240 kilobytes.',
  idempotencyKeyInvalid: 'The idempotency key must be 8 to 64 characters: letters, digits, - or _.',
  idempotencyKeyReused: 'This idempotency key was already used for another submission.',
} as const;

/** Progress photos' limits: the hourly one answers Laravel's 429 (SERVER_MESSAGE.tooManyAttempts), this one a 422. */
export const PHOTO_MESSAGE = {
  tooManyUnsubmitted:
    'You have too many photos waiting to be submitted. Submit your data analysis with them, or try again tomorrow: photos not submitted within 24 hours are deleted.',
} as const;

/**
 * What coaches' Markdown (pages, messages) may become, on the screen (client/src/components/PageContent.tsx) and in a
 * mail (server/src/services/markdown.ts) alike: text blocks, lists, emphasis, links, quotes and code. No raw HTML and
 * no pictures (a page's picture is its uploaded image, not an address typed into the text).
 */
export const MARKDOWN_ELEMENTS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
];

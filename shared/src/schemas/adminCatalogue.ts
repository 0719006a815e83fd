import { z } from 'zod';
import { channelFields } from './channels.ts';
import {
  choiceFieldAcceptingDecimalText,
  FIELD_MESSAGE,
  MAX_ID,
  numberFromText,
  numberOrMissing,
  recordId,
  repsOrTime,
} from './fields.ts';

// Admin lookups, calibrations, VO2 max levels, channels and plans (docs/spec/admin.md §§3, 5 and 7).

/** An exercise type of the lookups (strength, isometric hold, skill). */
const exerciseTypeSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'ExerciseType' });
export type ExerciseTypeRow = z.infer<typeof exerciseTypeSchema>;

/** A muscle group of the lookups, with its short label (CH for Chest). */
const muscleGroupSchema = z
  .object({ id: z.number().int(), name: z.string(), short_handle: z.string() })
  .meta({ id: 'MuscleGroup' });
export type MuscleGroupRow = z.infer<typeof muscleGroupSchema>;

/** A form group of the lookups: every group, not paged. */
const formGroupOptionSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'FormGroupOption' });
export type FormGroupOption = z.infer<typeof formGroupOptionSchema>;

export const exerciseTypeListSchema = z.object({ data: z.array(exerciseTypeSchema) });
export const muscleGroupListSchema = z.object({ data: z.array(muscleGroupSchema) });
export const formGroupOptionListSchema = z.object({ data: z.array(formGroupOptionSchema) });

// ---- Field helpers: a missing value asks for it ('Enter the max.', 'Choose an exercise type.'), the rest Laravel's.

const blank = (v: unknown) => v === '' || (typeof v === 'string' && v.trim() === '');
const places = (v: number, n: number) => Math.abs(Math.round(v * 10 ** n) - v * 10 ** n) < 1e-6;

/** A whole number in [min, max], sent as a number or numeric string. */
const wholeField = (label: string, min: number, max: number) =>
  z.preprocess(
    numberOrMissing,
    z
      .number({
        error: (iss) => (iss.input === undefined ? FIELD_MESSAGE.enter(label) : `The ${label} must be a whole number.`),
      })
      .int(`The ${label} must be a whole number.`)
      .min(min, `The ${label} must be between ${min} and ${max}.`)
      .max(max, `The ${label} must be between ${min} and ${max}.`),
  );

/** A decimal in [min, max] with at most `decimals` places; `nullable` lets null or a blank mean "none". */
const decimalField = (label: string, min: number, max: number, decimals: number) =>
  z
    .number({
      error: (iss) => (iss.input === undefined ? FIELD_MESSAGE.enter(label) : `The ${label} must be a number.`),
    })
    .min(min, `The ${label} must be between ${min} and ${max}.`)
    .max(max, `The ${label} must be between ${min} and ${max}.`)
    .refine(
      (v) => places(v, decimals),
      `The ${label} may have at most ${decimals} decimal place${decimals === 1 ? '' : 's'}.`,
    );

/** An id of a thing chosen from a list (the service checks it names a record); here '1.0' reads as 1 too. */
const refId = choiceFieldAcceptingDecimalText;

const nameField = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({
        error: (iss) => (iss.input === undefined ? FIELD_MESSAGE.enter(label) : `The ${label} must be a string.`),
      })
      .trim()
      .min(1, FIELD_MESSAGE.enter(label))
      .max(max, `The ${label} may not be greater than ${max} characters.`),
  );

const pathId = recordId;
/** {id} of a path or a tRPC input: a calibration, VO2 max level or channel. */
export const catalogueIdInput = z.object({ id: pathId });

// ---- Calibrations (docs/spec/admin.md §3; section 5: every field required but the muscle group).

/** A calibration: the max test that places a member on a form group's ladder. */
export const adminCalibrationSchema = z
  .object({
    id: z.number().int(),
    form: z.string(),
    max: z.number().int(),
    reps_or_time: repsOrTime,
    total_weight: z.number().describe('kg; 0 for bodyweight'),
    exercise_type_id: z.number().int(),
    exercise_type_name: z.string(),
    muscle_group_id: z.number().int().nullable(),
    muscle_group_short_handle: z.string().nullable(),
    form_group_id: z.number().int(),
    form_group_name: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminCalibration' });
export type AdminCalibration = z.infer<typeof adminCalibrationSchema>;
export const adminCalibrationListSchema = z.object({ data: z.array(adminCalibrationSchema) });

export const CATALOGUE_MESSAGE = {
  calibrationNotFound: 'Calibration not found.',
  vo2NotFound: 'VO2 max level not found.',
  channelNotFound: 'Channel not found.',
  repsOrTime: 'The reps or time must be 1 (reps) or 2 (time).',
  repsOrTimeRequired: 'Choose reps or time.',
  immortalOnSale: 'The Immortal channel is listed but cannot be bought: its plans stay off sale.',
} as const;

/** PUT admin/calibration/{id}. A missing muscle_group_id keeps the muscle group; null or blank clears it. */
export const calibrationUpdateInput = z.object({
  form: nameField('form', 150),
  max: wholeField('max', 1, 10_000),
  reps_or_time: z.preprocess(
    numberOrMissing,
    z.union([z.literal(1), z.literal(2)], {
      error: (iss) => (iss.input === undefined ? CATALOGUE_MESSAGE.repsOrTimeRequired : CATALOGUE_MESSAGE.repsOrTime),
    }),
  ),
  total_weight: z.preprocess(numberOrMissing, decimalField('total weight', 0, 1000, 2)),
  exercise_type_id: refId('exercise type'),
  muscle_group_id: z.preprocess(
    (v) => (blank(v) ? null : numberFromText(v)),
    z
      .number({ error: FIELD_MESSAGE.chooseListed('muscle group') })
      .int(FIELD_MESSAGE.chooseListed('muscle group'))
      .positive(FIELD_MESSAGE.chooseListed('muscle group'))
      .max(MAX_ID, FIELD_MESSAGE.chooseListed('muscle group'))
      .nullable()
      .optional(),
  ),
  form_group_id: refId('form group'),
});
export const calibrationUpdateTrpcInput = calibrationUpdateInput.extend({ id: pathId });

// ---- VO2 max levels (docs/spec/admin.md §5: level_name, min and max required; null is an open end).

export const vo2LevelSchema = z
  .object({
    id: z.number().int(),
    level_name: z.string(),
    level: z.number().int().describe('rank from 1 (lowest)'),
    min: z.number().nullable().describe('ml/kg/min, inclusive; null: open end (the lowest level)'),
    max: z.number().nullable().describe('ml/kg/min, inclusive; null: open end (the highest level)'),
    updated_at: z.string(),
  })
  .meta({ id: 'Vo2Level' });
export type Vo2LevelRow = z.infer<typeof vo2LevelSchema>;

/** A VO2 bound: a number with one decimal, or null (blank) for the open end of the lowest or highest level. */
const vo2Bound = (label: string) =>
  z.preprocess((v) => (blank(v) ? null : numberFromText(v)), decimalField(label, 0, 200, 1).nullable());

/**
 * PATCH admin/vo2max/{id}. The ranges must tile the scale (each level starts 0.1 above the one below ends);
 * move_neighbours moves the adjoining bounds of the levels below and above along with this one.
 */
export const vo2LevelUpdateInput = z.object({
  level_name: nameField('level name', 100),
  level: z.preprocess(
    numberOrMissing,
    z
      .number({ error: 'The level must be a whole number.' })
      .int('The level must be a whole number.')
      .min(1, 'The level must be between 1 and 99.')
      .max(99, 'The level must be between 1 and 99.')
      .optional(),
  ),
  min: vo2Bound('min'),
  max: vo2Bound('max'),
  move_neighbours: z.boolean({ error: 'The move neighbours field must be true or false.' }).optional().default(false),
});
export const vo2LevelUpdateTrpcInput = vo2LevelUpdateInput.extend({ id: pathId });

// ---- Channels and their plans (docs/product.md §5: prices in pounds, stored as integer pence).

const adminPlanSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    amount: z.number().describe('pounds'),
    amount_pence: z.number().int(),
    duration: z.string().describe('e.g. "1 month"'),
    active: z.boolean().describe('on sale: offered on /signup and /subscribe'),
    purchasable: z.boolean().describe('false for the Immortal channel, which is listed but never sold'),
    subscribers: z.number().int().describe('members whose subscription is on this plan and still gives access'),
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminChannelSchema = z
  .object({
    ...channelFields,
    updated_at: z.string(),
    plans: z.array(adminPlanSchema),
  })
  .meta({ id: 'AdminChannel' });
export type AdminChannel = z.infer<typeof adminChannelSchema>;

export const planUpdateInput = z.object({
  id: refId('plan'),
  amount: z.preprocess(numberOrMissing, decimalField('amount', 1, 10_000, 2)),
  active: z.boolean({
    error: (iss) =>
      iss.input === undefined ? 'The active field is required.' : 'The active field must be true or false.',
  }),
});

/**
 * PUT admin/channel/{id}: the name, and optionally its plans' prices (pounds) and whether each is on sale.
 * A new price applies to new purchases and plan changes; existing subscribers keep paying what they pay.
 */
export const channelUpdateInput = z.object({
  name: nameField('name', 255),
  plans: z
    .array(planUpdateInput, { error: 'The plans must be a list.' })
    .max(50, 'The plans may not have more than 50 items.')
    .optional(),
});
export const channelUpdateTrpcInput = channelUpdateInput.extend({ id: pathId });

/**
 * A plan's name after its channel is renamed: plans are named after their channel ("Warrior monthly"), so the part
 * that is the old channel name becomes the new one ("Spartan monthly"). A plan not named after the channel keeps its
 * name (null). Plan names hold at most 255 characters.
 */
export function renamedPlanName(planName: string, oldChannelName: string, newChannelName: string): string | null {
  if (oldChannelName === newChannelName || !oldChannelName) return null;
  const rest = planName.slice(oldChannelName.length);
  if (!planName.startsWith(oldChannelName) || (rest !== '' && !rest.startsWith(' '))) return null;
  return `${newChannelName}${rest}`.slice(0, 255);
}

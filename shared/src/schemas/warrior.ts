import { z } from 'zod';
import { PHASE_TYPES, TRACK_TYPES, WARRIOR_MESSAGE } from '../constants.ts';
import { emptyToUndefined, MAX_ID, numberFromText, repsOrTime, wholeIdField } from './fields.ts';
import { pageInput } from './pagination.ts';

// ---------------------------------------------------------------------------------------------------------------
// Inputs. Multipart sends every value as a string: numbers are read from digit strings; a blank value is missing.

const numeric = (v: unknown) => numberFromText(emptyToUndefined(v));

/** A whole number from 0 to max; blank means missing. */
const optionalWhole = (field: string, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `The ${field} must be a number.` })
      .int(`The ${field} must be a whole number.`)
      .min(0, `The ${field} must be at least 0.`)
      .max(max, `The ${field} may not be greater than ${max}.`)
      .optional(),
  );

const requiredId = (field: string) =>
  z.preprocess(
    numeric,
    z
      .number({
        error: (iss) =>
          iss.input === undefined ? `The ${field} field is required.` : `The selected ${field} is invalid.`,
      })
      .int(`The selected ${field} is invalid.`)
      .positive(`The selected ${field} is invalid.`)
      .max(MAX_ID, `The selected ${field} is invalid.`),
  );

const boolish = z.preprocess(
  (v) =>
    typeof v === 'string' ? ['1', 'true', 'on', 'yes'].includes(v.toLowerCase()) : typeof v === 'number' ? v === 1 : v,
  z.boolean({ error: 'The skip field must be true or false.' }),
);

/** Seconds from the runner's timer (sent as whole seconds); reps, or seconds for a time form. */
const amount = optionalWhole('amount', 100_000);
const timeToComplete = optionalWhole('time to complete', 86_400);

/** Path of a warrior call: the track. */
export const trackInput = z.object({
  type: z.enum(TRACK_TYPES, { error: 'The type must be calibration or general.' }),
});

/** The phases of a track; for general, of `version` (default: the member's current version). */
export const phaseListInput = trackInput.extend({
  version: z.preprocess(
    numeric,
    z
      .number({ error: 'The version must be a whole number.' })
      .int('The version must be a whole number.')
      .min(1, 'The version must be a whole number.')
      .max(1000)
      .optional(),
  ),
});

/** Path of a phase submission: track and phase class key. */
export const phasePathInput = trackInput.extend({
  phaseType: z.enum(PHASE_TYPES, { error: 'Unknown phase type.' }),
});

/** vo2: the treadmill time in whole seconds, or skip (records no score and moves on). */
export const vo2Payload = z
  .object({ time_to_complete: timeToComplete, skip: boolish.optional().default(false) })
  .refine((v) => v.skip || v.time_to_complete !== undefined, {
    message: WARRIOR_MESSAGE.timeRequired,
    path: ['time_to_complete'],
  });

const entries = <T extends z.ZodType>(entry: T) =>
  z
    .array(entry, { error: 'The results must be a list of entries.' })
    .min(1, 'Log at least one result.')
    .max(300, 'Too many results in one submission.');

/** exercise (calibration track): one max test per calibration. */
const calibrationEntry = z.object({
  amount,
  time_to_complete: timeToComplete,
  calibration_id: requiredId('calibration id'),
});
export const calibrationPayload = entries(calibrationEntry);

/** exercises: one entry per logged set, on the member's current forms. */
const exercisesEntry = z.object({ amount, time_to_complete: timeToComplete, form_id: requiredId('form id') });
export const exercisesPayload = entries(exercisesEntry);

/** challenge: one round max output, named by form. */
const challengeEntry = z.object({
  amount,
  time_to_complete: timeToComplete,
  form_name: z
    .string({ error: 'The form name field is required.' })
    .trim()
    .min(1, 'The form name field is required.')
    .max(150),
});
export const challengePayload = entries(challengeEntry);

/** flexibility and recovery: nothing but completion. */
const emptyPayload = z.object({});

/** A body measurement: required and decimal, with the spec's messages. */
const measurement = (label: string, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be decimal`) })
      .positive(`${label} must be greater than 0`)
      .max(max, `${label} may not be greater than ${max}`),
  );
const imageId = (n: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `Image ${n} is required` : `Image ${n} is invalid`) })
      .int(`Image ${n} is invalid`)
      .positive(`Image ${n} is invalid`)
      .max(MAX_ID, `Image ${n} is invalid`),
  );

/** data-analysis: weight kg, body fat %, circumferences in inches, and three progress photo ids from POST user/image. */
export const dataAnalysisPayload = z.object({
  weight: measurement('Weight', 500),
  waist: measurement('Waist', 150),
  chest: measurement('Chest', 150),
  bicep: measurement('Bicep', 150),
  quad: measurement('Quad', 150),
  body_fat: measurement('Body Fat', 75),
  image1: imageId(1),
  image2: imageId(2),
  image3: imageId(3),
});

/**
 * A key the member's device makes for one submission (a phase or a progress photo), so that sending it again, however
 * often, counts once and is answered as the first send was. REST: the Idempotency-Key header; tRPC: idempotency_key.
 */
export const idempotencyKey = z
  .string({ error: WARRIOR_MESSAGE.idempotencyKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, WARRIOR_MESSAGE.idempotencyKeyInvalid);

/** warrior.uploadImage's FormData fields besides the file, and POST user/image's Idempotency-Key header. */
export const photoUploadInput = z.object({ idempotency_key: idempotencyKey.optional() });

/**
 * warrior.submitPhase: the path values, the payload as the REST body carries it (a list of entries, or the
 * vo2 / data-analysis object), optionally the page id of the phase being submitted (recommended: a submit for
 * a phase already done is then answered as the first one was, never counted for the next phase), and optionally the
 * device's idempotency key (a resend with it is answered as the first send was, whenever it comes).
 */
/** A submission's payload, checked by its phase type. */
export type PhasePayload =
  | { type: 'vo2'; input: z.output<typeof vo2Payload> }
  | { type: 'exercise'; input: z.output<typeof calibrationPayload> }
  | { type: 'exercises'; input: z.output<typeof exercisesPayload> }
  | { type: 'challenge'; input: z.output<typeof challengePayload> }
  | { type: 'flexibility' | 'recovery'; input: z.output<typeof emptyPayload> }
  | { type: 'data-analysis'; input: z.output<typeof dataAnalysisPayload> };

const PHASE_PAYLOADS: Record<(typeof PHASE_TYPES)[number], z.ZodType> = {
  vo2: vo2Payload,
  exercise: calibrationPayload,
  exercises: exercisesPayload,
  challenge: challengePayload,
  flexibility: emptyPayload,
  recovery: emptyPayload,
  'data-analysis': dataAnalysisPayload,
};
const ENTRY_PHASES = new Set<string>(['exercise', 'exercises', 'challenge']);

/** Indexed fields (`0[amount]`…) arrive as an object keyed 0, 1, …: read them as the list they are. */
function asEntries(raw: unknown): unknown {
  if (Array.isArray(raw) || typeof raw !== 'object' || raw === null) return raw;
  const indexed = Object.entries(raw).filter(([k]) => /^\d{1,3}$/.test(k));
  if (!indexed.length) return [];
  const list: unknown[] = [];
  for (const [k, v] of indexed) list[Number(k)] = v;
  return Array.from(list);
}

export const submitPhaseInput = phasePathInput
  .extend({
    page_id: z.preprocess(numeric, z.number().int().positive().max(MAX_ID).optional()),
    data: z.unknown().optional(),
    idempotency_key: idempotencyKey.optional(),
  })
  .transform(({ data, ...path }, ctx) => {
    // The payload's schema is the phase type's: its errors are named as the payload's own fields (0.amount, weight).
    const raw = ENTRY_PHASES.has(path.phaseType) ? asEntries(data) : data;
    const result = PHASE_PAYLOADS[path.phaseType].safeParse(raw ?? {});
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...path, payload: { type: path.phaseType, input: result.data } as PhasePayload };
  });

const idField = (field: string) => wholeIdField(field, `The selected ${field} is invalid.`);
export const pageIdInput = z.object({ id: idField('id') });
export const formGroupIdInput = z.object({ formGroupId: idField('form group id') });
export const categoryPagesInput = pageInput.extend({ categoryId: idField('category id') });
export const chamberInput = z.object({
  page: z.coerce
    .number({ error: 'The page must be a whole number from 1.' })
    .int('The page must be a whole number from 1.')
    .min(1, 'The page must be a whole number from 1.')
    .max(1_000_000),
});
export const workoutResultsInput = z.object({
  evolution: z.preprocess(
    numeric,
    z
      .number({ error: 'The evolution must be a whole number.' })
      .int('The evolution must be a whole number.')
      .min(1, 'The evolution must be a whole number.')
      // Past PostgreSQL's integer no evolution has that number, and the query would fail rather than find none.
      .max(MAX_ID, 'The evolution must be a whole number.')
      .optional(),
  ),
});
export { pageInput as formLevelsInput };

// ---------------------------------------------------------------------------------------------------------------
// Answers.

/** An exercise of a phase (spec section 3): a calibration test, or the member's current form of a form group. */
const exerciseSchema = z
  .object({
    id: z.number().int().describe('calibration id (calibration track) or form id'),
    name: z.string().describe('form group name'),
    form: z.string().describe('form (or test) name'),
    form_group_id: z.number().int(),
    video_link: z.string().nullable(),
    video_path: z.string().nullable().describe("signed address of the form group's uploaded video (GET media/{id})"),
    reps_or_time: repsOrTime,
    total_weight: z.number().describe('kg of added load'),
    min: z.number().int(),
    max: z.number().int().describe('top of the range; the par'),
  })
  .meta({ id: 'Exercise' });
export type Exercise = z.infer<typeof exerciseSchema>;

const roundSchema = z
  .object({
    number: z.number().int(),
    name: z.string().describe('One..Fourteen'),
    repeat: z.number().int(),
    exercise_ids: z.array(z.number().int()),
  })
  .meta({ id: 'Round' });

/** GET user/channel/warrior/{type}/phase: the active phase. */
export const phaseDataSchema = z
  .object({
    data: z.array(exerciseSchema),
    repeats: z.number().int(),
    chunk: z.number().int().describe('exercises per round'),
    rounds: z.array(roundSchema).describe('at most 14'),
    page: z.object({
      id: z.number().int(),
      title: z.string(),
      content: z.string(),
      video_link: z.string().nullable(),
      video_path: z.string().nullable().describe('signed address of the uploaded video'),
      warrior_channel: z.object({ type: z.enum(TRACK_TYPES) }),
    }),
    type: z.enum(PHASE_TYPES),
    evolution: z.number().int(),
    version: z.number().int().describe('0 on the calibration track'),
    phase: z.number().int(),
  })
  .meta({ id: 'PhaseData' });
export type PhaseData = z.infer<typeof phaseDataSchema>;

/** GET user/channel/warrior/{type}/version: the phases of the track (of one version for general). */
const phaseListItemSchema = z
  .object({
    id: z.number().int().describe('page id'),
    title: z.string(),
    phase: z.number().int(),
    type: z.enum(PHASE_TYPES),
    active: z.boolean().describe('the one phase that can be opened'),
    completed: z.boolean(),
  })
  .meta({ id: 'PhaseListItem' });
export const phaseListSchema = z.object({
  data: z.array(phaseListItemSchema),
  version: z.number().int().describe('0 on the calibration track'),
});
export type PhaseList = z.infer<typeof phaseListSchema>;

/** GET user/channel/warrior/general/evolution: versions newest first. */
const versionItemSchema = z
  .object({
    version: z.number().int(),
    title: z.string(),
    active: z.boolean(),
    completed: z.boolean(),
  })
  .meta({ id: 'Version' });
export const versionListSchema = z.object({
  data: z.array(versionItemSchema),
  evolution: z.number().int(),
  need_calibration: z.boolean(),
});
export type VersionList = z.infer<typeof versionListSchema>;

/** The member's programme state, as GET user/evolution and every submission answer it. */
const evolutionStateSchema = z.object({
  evolution_id: z.number().int(),
  evolution: z.number().int(),
  version: z.number().int(),
  phase: z.number().int(),
  need_calibration: z.boolean(),
  number_of_sets: z.number().int(),
  pending_number_of_sets: z.number().int().nullable().describe('takes effect after the next phase 7 submission'),
});

/** GET user/evolution. */
export const evolutionSchema = z
  .object({
    data: evolutionStateSchema.extend({
      channel_name: z.string().nullable(),
      start_date: z.string(),
      versions: z.number().int().describe('versions per evolution'),
    }),
  })
  .meta({ id: 'Evolution' });
export type EvolutionDto = z.infer<typeof evolutionSchema>;

const ladderMoveSchema = z
  .object({
    form_group_id: z.number().int(),
    form_group: z.string(),
    from_form_id: z.number().int().nullable(),
    from_form: z.string().nullable(),
    to_form_id: z.number().int(),
    to_form: z.string(),
    move: z.enum(['placed', 'up', 'down', 'stay']),
  })
  .meta({ id: 'LadderMove' });

/** POST user/channel/warrior/{type}/phase/{phaseType}: what was recorded and where the member is now. */
export const submissionResultSchema = z
  .object({
    message: z.string(),
    data: evolutionStateSchema.extend({
      access: z.object({ evolution_page: z.boolean() }),
      submitted: z.object({
        type: z.enum(TRACK_TYPES),
        phase_type: z.enum(PHASE_TYPES),
        version: z.number().int(),
        phase: z.number().int(),
        page_id: z.number().int(),
      }),
      ladder: z.array(ladderMoveSchema),
      vo2: z
        .object({ seconds: z.number().int(), grade: z.number(), score: z.number(), level: z.string().nullable() })
        .nullable(),
    }),
  })
  .meta({ id: 'SubmissionResult' });
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

/** GET user/evolution/calibration rows: the latest calibration's tests. */
const calibrationRowSchema = z
  .object({
    calibration_id: z.number().int().nullable(),
    form: z.string().describe('the test'),
    amount: z.number().int(),
    level: z.number().int().nullable().describe('level of the form the test placed the member on'),
    placed_form: z.string().nullable(),
    reps_or_time: repsOrTime,
    time_to_complete: z.number().int().nullable(),
  })
  .meta({ id: 'CalibrationResult' });
export const calibrationResultsSchema = z.object({
  data: z.array(calibrationRowSchema),
  evolution: z.number().int().nullable(),
});
export type CalibrationResults = z.infer<typeof calibrationResultsSchema>;

/** GET user/evolution/workout_results rows. */
const workoutResultRowSchema = z
  .object({
    id: z.number().int(),
    form_id: z.number().int().nullable(),
    form_name: z.string(),
    amount: z.number().int(),
    total_weight: z.number(),
    par: z.number().int().nullable(),
    progress: z.number().int().nullable(),
    level: z.number().int().nullable(),
    time_to_complete: z.number().int().nullable(),
    reps_or_time: repsOrTime,
    evolution: z.number().int(),
    version: z.number().int(),
    phase: z.number().int(),
  })
  .meta({ id: 'WorkoutResult' });
export const workoutResultsSchema = z.object({ data: z.array(workoutResultRowSchema), evolution: z.number().int() });
export type WorkoutResults = z.infer<typeof workoutResultsSchema>;
export type WorkoutResultRow = z.infer<typeof workoutResultRowSchema>;

/** GET user/evolution/forms rows: the member's current form on each ladder. */
export const formLevelRowSchema = z
  .object({
    form_id: z.number().int(),
    level: z.number().int(),
    progress: z.number().int(),
    name: z.string(),
    amount: z.number().int().nullable().describe('best amount in the latest session on this form'),
    form_group_id: z.number().int(),
    form_group: z.string(),
    reps_or_time: repsOrTime,
    min: z.number().int(),
    max: z.number().int(),
  })
  .meta({ id: 'FormLevelRow' });
export type FormLevelRow = z.infer<typeof formLevelRowSchema>;

/** GET user/evolution/chamber/{page}: the n-th snapshot, oldest first. */
/** GET user/evolution/trend: weight, body fat and VO2 of every chamber snapshot, in chamber page order (no photos). */
export const chamberTrendSchema = z
  .object({
    data: z.array(
      z.object({
        page: z.number().int().describe('the chamber page of this snapshot (1-based, oldest first)'),
        label: z.string().describe('v{evolution}.{version}'),
        evolution: z.number().int(),
        version: z.number().int(),
        weight: z.number().describe('kg'),
        body_fat: z.number().describe('%'),
        vo2max: z.number().nullable().describe('estimated VO2 max, ml/kg/min; null when the test was skipped'),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'ChamberTrend' });
export type ChamberTrend = z.infer<typeof chamberTrendSchema>;

export const chamberSchema = z
  .object({
    data: z.object({
      vo2max: z.object({ score: z.number().nullable().describe('estimate, ml/kg/min'), level: z.string().nullable() }),
      body: z.object({
        weight: z.number(),
        body_fat: z.number(),
        chest: z.number(),
        bicep: z.number(),
        waist: z.number(),
        quad: z.number(),
        images: z.array(
          z.object({ id: z.number().int(), mime: z.string(), base64: z.string().describe('no data: prefix') }),
        ),
      }),
      muscle: z.record(z.string(), z.number()).describe('muscle name → score 0-10'),
    }),
    current: z.number().int(),
    totalPages: z.number().int(),
    evolution: z.number().int(),
    version: z.number().int().describe('0 for a calibration'),
    label: z.string().describe('v{evolution}.{version}'),
    created_at: z.string(),
  })
  .meta({ id: 'Chamber' });
export type Chamber = z.infer<typeof chamberSchema>;

/** A content page: GET user/page/{id} and the rows of GET user/page/category/{id}/pages. */
export const pageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    page_category_id: z.number().int(),
    muscle_group_id: z.number().int().nullable(),
    type: z.enum(PHASE_TYPES).nullable().describe('phase class key when the page is a phase'),
    video_link: z.string().nullable(),
    video_id: z.number().int().nullable(),
    video_path: z.string().nullable().describe('signed address of the uploaded video (GET media/{id})'),
    image_id: z.number().int().nullable(),
    image_path: z.string().nullable().describe('signed address of the uploaded picture'),
    updated_at: z.string(),
  })
  .meta({ id: 'Page' });
export type PageDto = z.infer<typeof pageSchema>;

/** GET storage/page/{id}/video and GET storage/form/{formGroupId}/video. */
export const videoSchema = z
  .object({
    data: z.object({
      video_id: z.number().int().nullable().describe('uploaded video (media id)'),
      video_link: z.string().nullable().describe('id or link on the video host'),
      video_path: z
        .string()
        .nullable()
        .describe('signed address of the uploaded video (GET media/{id}); played before the link'),
    }),
  })
  .meta({ id: 'Video' });
export type VideoDto = z.infer<typeof videoSchema>;

/** POST user/image. */
export const imageUploadSchema = z
  .object({ image: z.object({ id: z.number().int() }) })
  .meta({ id: 'ProgressPhotoUploaded' });

import { z } from 'zod';
import {
  blankToUndefined,
  choiceField,
  FIELD_MESSAGE,
  idField,
  isVideoLink,
  numberOrMissing,
  optionalText,
  recordId,
  repsOrTime,
  requiredText,
  VIDEO_LINK_MESSAGE,
  wholeNumberOrMissing,
} from './fields.ts';
import { pageInput, searchedPageInput } from './pagination.ts';

// Form groups and their forms: the exercise ladders admins edit (docs/spec/admin.md §§3, 5 and 7).

/** The largest level or progress number of a form: ladders are short, and the column is a small integer. */
export const FORM_LEVEL_MAX = 1000;
/** The largest rep count or number of seconds a form's range may reach. */
export const FORM_RANGE_MAX = 10_000;

/** The messages of the rules this area adds to the spec's required fields. */
export const FORM_LADDER_MESSAGE = {
  maxBelowMin: 'The max must be greater than or equal to the min.',
  repsOrTime: 'The reps or time must be 1 (reps) or 2 (time).',
  repsOrTimeRequired: 'Choose reps or time.',
  groupNotFound: 'Form group not found.',
  formNotFound: 'Form not found.',
  groupInUse:
    "This form group cannot be deleted: its forms are in members' ladders or results, or a calibration uses it.",
  lastFormInUse: 'The last form of a group cannot be deleted while members are on it.',
  groupChanged: 'A form cannot be moved to another form group.',
  levelTaken: (level: number, progress: number) =>
    `Another form of this group already has level ${level}, progress ${progress}.`,
} as const;

/** A required whole number from `min` to `max`, sent as a number or a numeric string ('Enter the level.'). */
const wholeNumberField = (label: string, min: number, max: number) =>
  z.preprocess(
    numberOrMissing,
    z
      .number({
        error: (iss) => (iss.input === undefined ? FIELD_MESSAGE.enter(label) : `The ${label} must be a whole number.`),
      })
      .int(`The ${label} must be a whole number.`)
      .min(min, `The ${label} must be at least ${min}.`)
      .max(max, `The ${label} may not be greater than ${max}.`),
  );

/** An optional media id: blank, null or absent means none. */
const optionalMediaId = (label: string) => z.preprocess((v) => blankToUndefined(v) ?? null, idField(label).nullable());

// ---------------------------------------------------------------------------------------------------------------
// Form groups

export const adminFormGroupIdInput = z.object({ id: recordId });

export const adminFormGroupListInput = searchedPageInput;

/** POST admin/form_group and PUT admin/form_group/{id}: the whole record (an absent video or link clears it). */
export const adminFormGroupInput = z.object({
  name: requiredText('The name', 100, FIELD_MESSAGE.enter('name')),
  exercise_type_id: choiceField('exercise type'),
  video_id: optionalMediaId('video id').describe('id from POST admin/form_group/video; null or absent for none'),
  video_link: optionalText('The video link')
    .refine((link) => link === null || isVideoLink(link), VIDEO_LINK_MESSAGE)
    .describe('id or http(s) address on the video host'),
});
export const adminFormGroupUpdateInput = adminFormGroupInput.extend({ id: recordId });

/** A form group as the admin screens and the REST answers show it (docs/spec/admin.md §3). */
export const adminFormGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    exercise_type_id: z.number().int(),
    exercise_type_name: z.string(),
    video_id: z.number().int().nullable(),
    video_path: z.string().nullable().describe('signed address of the uploaded video'),
    video_link: z.string().nullable(),
    forms_count: z.number().int().describe('forms on the ladder'),
    deletable: z
      .boolean()
      .describe("false while its forms are in members' ladders or results, or a calibration uses the group"),
  })
  .meta({ id: 'AdminFormGroup' });
export type AdminFormGroup = z.infer<typeof adminFormGroupSchema>;
export const adminFormGroupAnswerSchema = z.object({ data: adminFormGroupSchema });

// ---------------------------------------------------------------------------------------------------------------
// Forms

export const adminFormIdInput = z.object({ id: recordId });
/** GET admin/form_group/{id}/form?page: the ladder of one group, paged. */
export const adminFormListInput = pageInput.extend({ id: recordId });

const formFields = {
  name: requiredText('The name', 150, FIELD_MESSAGE.enter('name')),
  muscle_group_id: choiceField('muscle group'),
  level: wholeNumberField('level', 1, FORM_LEVEL_MAX),
  progress: wholeNumberField('progress', 1, FORM_LEVEL_MAX),
  min: wholeNumberField('min', 1, FORM_RANGE_MAX),
  max: wholeNumberField('max', 1, FORM_RANGE_MAX),
  reps_or_time: z.preprocess(
    wholeNumberOrMissing,
    z.union([z.literal(1), z.literal(2)], {
      error: (iss) =>
        iss.input === undefined ? FORM_LADDER_MESSAGE.repsOrTimeRequired : FORM_LADDER_MESSAGE.repsOrTime,
    }),
  ),
};

/** min <= max, reported on max (checked once every field is valid). */
const rangeInOrder = [
  (v: { min: number; max: number }) => !(v.max < v.min),
  { path: ['max'], message: FORM_LADDER_MESSAGE.maxBelowMin },
] as [(v: { min: number; max: number }) => boolean, { path: string[]; message: string }];

/** POST admin/form. */
export const adminFormCreateInput = z
  .object({ ...formFields, form_group_id: choiceField('form group') })
  .refine(...rangeInOrder);

/** PUT admin/form/{id}: the same fields; form_group_id may be sent back but cannot change. */
export const adminFormUpdateInput = z
  .object({ ...formFields, id: recordId, form_group_id: choiceField('form group').optional() })
  .refine(...rangeInOrder);
/** The body of PUT admin/form/{id} (the id is in the path). */
export const adminFormBodyInput = z
  .object({ ...formFields, form_group_id: choiceField('form group').optional() })
  .refine(...rangeInOrder);

/** A form as the admin screens and the REST answers show it (docs/spec/admin.md §3). */
export const adminFormSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    muscle_group_id: z.number().int(),
    muscle_group_name: z.string(),
    level: z.number().int(),
    progress: z.number().int(),
    min: z.number().int(),
    max: z.number().int(),
    reps_or_time: repsOrTime,
    form_group_id: z.number().int(),
    form_group_name: z.string(),
    rung: z.number().int().describe('1-based place on the ladder, ordered by level then progress'),
    members_count: z.number().int().describe('members whose current form this is'),
  })
  .meta({ id: 'AdminForm' });
export type AdminForm = z.infer<typeof adminFormSchema>;
export const adminFormAnswerSchema = z.object({ data: adminFormSchema });

/** DELETE admin/form/{id}: where the members on the deleted form went. */
export const adminFormDeletedSchema = z.object({
  message: z.string(),
  members_moved: z.number().int(),
  moved_to: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('the form those members now stand on'),
});
export type AdminFormDeleted = z.infer<typeof adminFormDeletedSchema>;
export const adminFormGroupDeletedSchema = z.object({ message: z.string() });

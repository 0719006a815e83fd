import { describe, expect, it } from 'vitest';
import {
  FORM_LADDER_MESSAGE,
  FORM_LEVEL_MAX,
  FORM_RANGE_MAX,
  adminFormBodyInput,
  adminFormCreateInput,
  adminFormGroupInput,
} from './adminForms.ts';

const form = {
  name: 'Push-up',
  muscle_group_id: 1,
  level: 2,
  progress: 1,
  min: 8,
  max: 15,
  reps_or_time: 1,
  form_group_id: 1,
};
const errorsOf = (input: unknown) => {
  const result = adminFormCreateInput.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a form of a ladder', () => {
  it('takes min up to max, and min equal to max', () => {
    expect(errorsOf(form)).toEqual({});
    expect(errorsOf({ ...form, min: 15, max: 15 })).toEqual({});
    expect(errorsOf({ ...form, min: 16, max: 15 })).toEqual({ max: FORM_LADDER_MESSAGE.maxBelowMin });
  });

  it('keeps level and progress from 1 to the limit, whole', () => {
    expect(errorsOf({ ...form, level: 1, progress: FORM_LEVEL_MAX })).toEqual({});
    expect(errorsOf({ ...form, level: 0, progress: FORM_LEVEL_MAX + 1 })).toEqual({
      level: 'The level must be at least 1.',
      progress: 'The progress may not be greater than 1000.',
    });
    expect(errorsOf({ ...form, level: 2.5 })).toEqual({ level: 'The level must be a whole number.' });
  });

  it('keeps the range from 1 to the limit, whole', () => {
    expect(errorsOf({ ...form, min: 1, max: FORM_RANGE_MAX })).toEqual({});
    expect(errorsOf({ ...form, min: 0, max: FORM_RANGE_MAX + 1 })).toEqual({
      min: 'The min must be at least 1.',
      max: 'The max may not be greater than 10000.',
    });
  });

  it('reads numbers sent as form text, and reps or time only as 1 or 2', () => {
    expect(adminFormCreateInput.parse({ ...form, level: ' 3 ', min: '4', max: '9', reps_or_time: '2' })).toMatchObject({
      level: 3,
      min: 4,
      max: 9,
      reps_or_time: 2,
    });
    expect(errorsOf({ ...form, reps_or_time: 0 })).toEqual({ reps_or_time: FORM_LADDER_MESSAGE.repsOrTime });
    expect(errorsOf({ ...form, reps_or_time: '' })).toEqual({ reps_or_time: 'Choose reps or time.' });
  });

  it('lets an update leave out the group', () => {
    const { form_group_id: _, ...body } = form;
    expect(adminFormBodyInput.safeParse(body).success).toBe(true);
  });
});

describe('a form group', () => {
  it('clears a blank video and link, and needs a name and an exercise type', () => {
    expect(adminFormGroupInput.parse({ name: ' Row ', exercise_type_id: '1', video_id: '', video_link: ' ' })).toEqual({
      name: 'Row',
      exercise_type_id: 1,
      video_id: null,
      video_link: null,
    });
    expect(adminFormGroupInput.parse({ name: 'Row', exercise_type_id: 1 })).toEqual({
      name: 'Row',
      exercise_type_id: 1,
      video_id: null,
      video_link: null,
    });
    expect(
      adminFormGroupInput.safeParse({ name: 'x'.repeat(101), exercise_type_id: 1 }).error?.issues[0]?.message,
    ).toBe('The name may not be greater than 100 characters');
  });
});

/** Valid bodies an admin sends to edit the exercise library; a test overrides the fields it checks. */
type Overrides = Record<string, unknown>;

/** PUT admin/calibration/{id}: the first max test (push-ups, reps) as seeded. */
export const calibrationBody = (overrides: Overrides = {}) => ({
  form: 'Push-up max test',
  max: 50,
  reps_or_time: 1,
  total_weight: 0,
  exercise_type_id: 1,
  muscle_group_id: 1,
  form_group_id: 1,
  ...overrides,
});

/** POST admin/form: a form on a group's ladder. */
export const formBody = (formGroupId: number, overrides: Overrides = {}) => ({
  name: 'Australian row',
  muscle_group_id: 2,
  level: 1,
  progress: 1,
  min: 8,
  max: 12,
  reps_or_time: 1,
  form_group_id: formGroupId,
  ...overrides,
});

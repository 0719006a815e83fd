import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Calibration } from './Calibration.ts';
import { Form } from './Form.ts';
import { FormGroup } from './FormGroup.ts';
import { PhaseSubmission, TRACKS } from './PhaseSubmission.ts';
import { ownedByMember } from './ownedByMember.ts';
import { decimal, whenCreated } from './properties.ts';

/**
 * One logged set (general track) or one max test (calibration track). Names, par, level and progress are copied
 * at logging time so the history reads the same after admins edit the ladders. For a calibration row, `form` is
 * the form the test placed the member on and `formName` the test's name.
 */
export const WorkoutResult = defineEntity({
  name: 'WorkoutResult',
  tableName: 'workout_results',
  properties: {
    ...ownedByMember({ indexed: false }),
    submission: () => p.manyToOne(PhaseSubmission).deleteRule('cascade').index(),
    evolution: p.integer(),
    track: p.enum(TRACKS),
    version: p.smallint(),
    phase: p.smallint(),
    /** Order of the set within its submission. */
    position: p.smallint(),
    calibration: () => p.manyToOne(Calibration).nullable().deleteRule('set null'),
    form: () => p.manyToOne(Form).nullable().deleteRule('set null'),
    formGroup: () => p.manyToOne(FormGroup).nullable().deleteRule('set null'),
    formName: p.string().length(150),
    /** Reps, or seconds for a time form. */
    amount: p.integer(),
    timeToComplete: p.integer().nullable(),
    totalWeight: decimal(6, 2).default(0),
    par: p.integer().nullable(),
    level: p.smallint().nullable(),
    progress: p.smallint().nullable(),
    repsOrTime: p.smallint(),
    createdAt: whenCreated(),
  },
  indexes: [
    { properties: ['user', 'evolution', 'track'] },
    // A form or group deleted (its results keep their names) or asked whether it is in use (its first set): by index.
    {
      name: 'workout_results_form_id_id_index',
      expression:
        'create index "workout_results_form_id_id_index" on "workout_results" ("form_id", "id") where "form_id" is not null',
    },
    {
      name: 'workout_results_form_group_id_id_index',
      expression:
        'create index "workout_results_form_group_id_id_index" on "workout_results" ("form_group_id", "id") where "form_group_id" is not null',
    },
  ],
});
export type IWorkoutResult = InferEntity<typeof WorkoutResult>;

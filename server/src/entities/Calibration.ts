import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ExerciseType } from './ExerciseType.ts';
import { FormGroup } from './FormGroup.ts';
import { MuscleGroup } from './MuscleGroup.ts';
import { contentChanged } from './contentChanged.ts';
import { decimal, timestamps } from './properties.ts';

/** The max test that places a member on a form group's ladder: amount / max of the ladder length. */
export const Calibration = defineEntity({
  name: 'Calibration',
  tableName: 'calibrations',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    /** The test's name as the member sees it, e.g. "Push-up max test". */
    form: p.string().length(150),
    max: p.integer(),
    /** 1 reps, 2 time (seconds). */
    repsOrTime: p.smallint(),
    /** Added load in kg; 0 for bodyweight. */
    totalWeight: decimal(6, 2).default(0),
    exerciseType: () => p.manyToOne(ExerciseType),
    muscleGroup: () => p.manyToOne(MuscleGroup).nullable().deleteRule('set null'),
    formGroup: () => p.manyToOne(FormGroup).deleteRule('cascade').index(),
    ...timestamps(),
  },
});
export type ICalibration = InferEntity<typeof Calibration>;

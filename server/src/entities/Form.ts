import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { FormGroup } from './FormGroup.ts';
import { MuscleGroup } from './MuscleGroup.ts';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/** One rung of a form group's ladder, ordered by (level, progress); min..max is its rep (or seconds) range. */
export const Form = defineEntity({
  name: 'Form',
  tableName: 'forms',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    formGroup: () => p.manyToOne(FormGroup).deleteRule('cascade').index(),
    name: p.string().length(150),
    muscleGroup: () => p.manyToOne(MuscleGroup),
    level: p.smallint(),
    progress: p.smallint(),
    min: p.integer(),
    max: p.integer(),
    /** 1 reps, 2 time (seconds). */
    repsOrTime: p.smallint(),
    ...timestamps(),
  },
});
export type IForm = InferEntity<typeof Form>;

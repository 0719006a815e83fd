import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from './properties.ts';

/** The kind of work a form group or calibration is: strength, isometric hold, skill. */
export const ExerciseType = defineEntity({
  name: 'ExerciseType',
  tableName: 'exercise_types',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    ...timestamps(),
  },
});

import { defineEntity, p } from '@mikro-orm/core';

/** The kind of work a form group or calibration is: strength, isometric hold, skill. */
export const ExerciseType = defineEntity({
  name: 'ExerciseType',
  tableName: 'exercise_types',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { contentChanged } from './contentChanged.ts';

/** A muscle group a form trains (Chest, Back, ...): the bars of the chamber's muscle chart. */
export const MuscleGroup = defineEntity({
  name: 'MuscleGroup',
  tableName: 'muscle_groups',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    /** Short label used in admin lists, e.g. CH for Chest. */
    shortHandle: p.string().length(16),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IMuscleGroup = InferEntity<typeof MuscleGroup>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

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
    ...timestamps(),
  },
});
export type IMuscleGroup = InferEntity<typeof MuscleGroup>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/** What kind of phase a page is (vo2, exercise, exercises, challenge, flexibility, recovery, data-analysis). */
export const PhaseClass = defineEntity({
  name: 'PhaseClass',
  tableName: 'phase_classes',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    key: p.string().length(32).unique(),
    /** Default round layout, e.g. {"chunk": 3, "repeats": 3}; a page's own preset overrides it. */
    preset: p
      .json<Record<string, unknown>>()
      .onCreate(() => ({}))
      .defaultRaw(`'{}'`),
    ...timestamps(),
  },
});
export type IPhaseClass = InferEntity<typeof PhaseClass>;

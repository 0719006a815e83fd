import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { decimal, timestamps } from './properties.ts';

/** A VO2 max band in ml/kg/min; a null bound is an open end (Very poor has no min, Superior no max). */
export const Vo2MaxLevel = defineEntity({
  name: 'Vo2MaxLevel',
  tableName: 'vo2_max_levels',
  properties: {
    id: p.integer().primary(),
    levelName: p.string().length(100),
    /** Rank from 1 (lowest). */
    level: p.smallint(),
    min: decimal(5, 1).nullable(),
    max: decimal(5, 1).nullable(),
    ...timestamps(),
  },
});
export type IVo2MaxLevel = InferEntity<typeof Vo2MaxLevel>;

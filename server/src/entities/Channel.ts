import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Plan } from './Plan.ts';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/** A channel members subscribe to: warrior (1), superhuman (2), immortal (3). */
export const Channel = defineEntity({
  name: 'Channel',
  tableName: 'channels',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary().autoincrement(false),
    shortName: p.string().length(64).unique(),
    name: p.string().length(255),
    active: p.boolean().default(true),
    plans: () => p.oneToMany(Plan).mappedBy('channel').orderBy({ id: 'asc' }),
    ...timestamps(),
  },
});
export type IChannel = InferEntity<typeof Channel>;

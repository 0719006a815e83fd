import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Channel } from './Channel.ts';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/** A price of a channel, in integer pence, billed every `intervalCount` `interval`s. */
export const Plan = defineEntity({
  name: 'Plan',
  tableName: 'plans',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary().autoincrement(false),
    channel: () => p.manyToOne(Channel).deleteRule('cascade'),
    name: p.string().length(255),
    amountPence: p.integer(),
    interval: p.enum(['month', 'year'] as const),
    intervalCount: p.smallint().default(1),
    active: p.boolean().default(true),
    stripePriceId: p.string().length(255).nullable(),
    ...timestamps(),
  },
});
export type IPlan = InferEntity<typeof Plan>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Channel } from './Channel.ts';
import { Plan } from './Plan.ts';
import { oneRowPerMember } from './ownedByMember.ts';
import { timestamps } from './properties.ts';

const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'incomplete', 'canceled', 'unpaid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A member's subscription: one row per member, changed in place on upgrade or cancel. */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'subscriptions',
  properties: {
    ...oneRowPerMember(),
    channel: () => p.manyToOne(Channel),
    plan: () => p.manyToOne(Plan),
    /** What the member pays, in pence: the plan's price when bought or changed to; a later price change leaves it. */
    amountPence: p.integer(),
    status: p.enum(SUBSCRIPTION_STATUSES),
    provider: p.string().length(32),
    providerCustomerId: p.string().length(255).nullable(),
    providerSubscriptionId: p.string().length(255).nullable().unique(),
    startDate: p.datetime(),
    currentPeriodEnd: p.datetime(),
    cancelAtPeriodEnd: p.boolean().default(false),
    /** Creation time of the last provider event applied, so an older event delivered late changes nothing. */
    providerEventAt: p.datetime().nullable(),
    ...timestamps(),
  },
  // A channel message's delivery walks the channel's members in keyset pages of user id.
  indexes: [
    { properties: ['channel', 'user'] },
    // The admin's subscriber counts per plan read the live subscriptions only, from the index alone.
    {
      name: 'subscriptions_live_plan',
      expression:
        'create index "subscriptions_live_plan" on "subscriptions" ("plan_id", "current_period_end") where "status" in (\'active\', \'trialing\')',
    },
  ],
});
export type ISubscription = InferEntity<typeof Subscription>;

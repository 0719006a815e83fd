import { defineEntity, p } from '@mikro-orm/core';

/** A payment-provider webhook event already applied; its id makes a redelivered event a no-op. */
export const PaymentEvent = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: p.string().length(255).primary(),
    provider: p.string().length(32),
    type: p.string().length(255),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});

import { defineEntity, p } from '@mikro-orm/core';

/**
 * One throttle counter shared by every server instance (rate-limiter-flexible's PostgreSQL store writes it; see
 * services/rateLimit.ts). The library inserts by position, so the columns stay in this order: key, points, expire.
 */
export const RateLimit = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    // "<limiter>:<email>|<address>": longer than 255 characters with a long email and an IPv6 address.
    key: p.text().primary(),
    points: p.integer().default(0),
    // Milliseconds since the epoch when the window ends; null never expires.
    expire: p.bigint('number').nullable().index(),
  },
});

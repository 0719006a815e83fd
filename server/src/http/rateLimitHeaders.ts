import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { LIMIT_HEADERS, type RateLimits } from '../services/rateLimit.ts';

/** What a request's throttle said last: its limit and the attempts left once the call was counted. */
interface Count {
  limit: number;
  remaining: number;
}
const counts = new WeakMap<FastifyRequest, Count>();
const watchedLimits = new WeakMap<FastifyRequest, RateLimits>();

/**
 * A throttle as one request uses it: each attempt it spends or gives back notes what is left (for the headers); a wide
 * throttle notes only its refusal, so a call's headers speak of its per-try throttle unless a wide one answered 429.
 */
function watched(
  limiter: RateLimiterAbstract,
  shown: (typeof LIMIT_HEADERS)[keyof RateLimits],
  note: (remaining: number) => void,
): RateLimiterAbstract {
  if (shown === 'silent') return limiter;
  return new Proxy(limiter, {
    get(target, prop) {
      if (prop === 'consume')
        return async (...args: Parameters<RateLimiterAbstract['consume']>) => {
          try {
            const res = await target.consume(...args);
            if (shown === 'try') note(res.remainingPoints);
            return res;
          } catch (e) {
            if (e instanceof RateLimiterRes) note(0);
            throw e;
          }
        };
      if (prop === 'reward' && shown === 'try')
        return async (...args: Parameters<RateLimiterAbstract['reward']>) => {
          const res = await target.reward(...args);
          note(Math.min(target.points, res.remainingPoints));
          return res;
        };
      if (prop === 'delete' && shown === 'try')
        return async (...args: Parameters<RateLimiterAbstract['delete']>) => {
          const res = await target.delete(...args);
          note(target.points);
          return res;
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The server's throttles as one request sees them: what they count is answered in its X-RateLimit-* headers. */
export function requestLimits(req: FastifyRequest): RateLimits {
  const known = watchedLimits.get(req);
  if (known) return known;
  const limits = Object.fromEntries(
    Object.entries(req.server.limits).map(([name, limiter]) => [
      name,
      watched(limiter, LIMIT_HEADERS[name as keyof RateLimits], (remaining) =>
        counts.set(req, { limit: limiter.points, remaining }),
      ),
    ]),
  ) as unknown as RateLimits;
  watchedLimits.set(req, limits);
  return limits;
}

/**
 * An onSend hook: a call a throttle counted answers X-RateLimit-Limit and X-RateLimit-Remaining, as Laravel's
 * ThrottleRequests does (a 429 keeps its Retry-After and X-RateLimit-Reset).
 */
export async function rateLimitHeaders(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const count = counts.get(req);
  if (count)
    reply.headers({ 'x-ratelimit-limit': String(count.limit), 'x-ratelimit-remaining': String(count.remaining) });
  return payload;
}

import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config.ts';
import { SERVER_MESSAGE } from '@evolution/shared';
import { DomainError } from '../errors.ts';

/** The throttles of the sign-in flows (PRODUCT.md section 7), kept in memory per server. */
export interface RateLimits {
  /** Failed logins per email and address. */
  login: RateLimiterMemory;
  /** Registrations per address. */
  register: RateLimiterMemory;
  /** Password-reset requests per address. */
  passwordReset: RateLimiterMemory;
}

export function createRateLimits(config: AppConfig): RateLimits {
  const { points, windowSeconds } = config.authRateLimit;
  return {
    login: new RateLimiterMemory({ keyPrefix: 'login', points, duration: windowSeconds }),
    register: new RateLimiterMemory({ keyPrefix: 'register', points: points * 2, duration: windowSeconds }),
    passwordReset: new RateLimiterMemory({ keyPrefix: 'reset', points, duration: windowSeconds }),
  };
}

/** The 429 in Laravel's shape, with Retry-After and X-RateLimit-* headers. */
export function tooManyAttempts(limit: number, res: RateLimiterRes): DomainError {
  const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new DomainError('TOO_MANY_REQUESTS', SERVER_MESSAGE.tooManyAttempts, {
    headers: {
      'Retry-After': String(retryAfter),
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + retryAfter),
    },
  });
}

/** Spends a point; throws the 429 once the key is over its limit. */
export async function hit(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooManyAttempts(limiter.points, e);
    throw e;
  }
}

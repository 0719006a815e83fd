import type { preValidationAsyncHookHandler } from 'fastify';
import type { ServiceContext } from '../services/context.ts';
import { restContext } from './route.ts';

/** A public route's options that spend a throttled attempt before its input is read, so bad forms count too. */
export function throttledFirst(spend: (ctx: ServiceContext) => Promise<void>): {
  preValidation: preValidationAsyncHookHandler;
} {
  return {
    preValidation: async (req) => {
      await spend(restContext(req));
    },
  };
}

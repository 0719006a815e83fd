import { httpSubscriptionLink, type TRPCLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '@evolution/server/trpc';

/**
 * Subscriptions (live events) stream over server-sent events. The browser's own EventSource cannot send headers, so
 * the `eventsource` package's, built on fetch, carries the bearer token like every other call (never in the URL).
 */
export const subscriptionLink = (url: string, headers: () => Record<string, string>): TRPCLink<AppRouter> =>
  httpSubscriptionLink({
    url,
    EventSource,
    eventSourceOptions: () => ({
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...headers() } }),
    }),
  });

import { httpBatchLink, httpLink, httpSubscriptionLink, isNonJsonSerializable, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { createTRPCReact, type CreateTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@evolution/server/trpc';
import { TRPC_MAX_BATCH } from '@evolution/shared/constants';
import { storedToken } from '../auth/session.ts';

/** The typed tRPC hooks; the client imports only the router's type from the server. */
export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

/** The bearer token, read from local storage at request time. */
function authHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Subscriptions (live events) stream over server-sent events. The browser's own EventSource cannot send headers, so
 * the `eventsource` package's, built on fetch, carries the bearer token like every other call (never in the URL).
 */
const subscriptionLink = (url: string) =>
  httpSubscriptionLink({
    url,
    EventSource,
    eventSourceOptions: () => ({ fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...authHeaders() } }) }),
  });

/** Calls to /trpc are batched; FormData (progress photos) cannot be, so it goes on its own request; subscriptions stream. */
export function createTrpcClient(url = '/trpc'): ReturnType<typeof trpc.createClient> {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: subscriptionLink(url),
        false: splitLink({
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url, headers: authHeaders }),
          false: httpBatchLink({ url, headers: authHeaders, maxItems: TRPC_MAX_BATCH }),
        }),
      }),
    ],
  });
}

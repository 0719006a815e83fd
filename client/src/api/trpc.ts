import { httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from '@trpc/client';
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

/** Calls to /trpc are batched; FormData (progress photos) cannot be, so it goes on its own request. */
export function createTrpcClient(url = '/trpc'): ReturnType<typeof trpc.createClient> {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url, headers: authHeaders }),
        false: httpBatchLink({ url, headers: authHeaders, maxItems: TRPC_MAX_BATCH }),
      }),
    ],
  });
}

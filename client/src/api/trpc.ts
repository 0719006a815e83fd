import { httpBatchLink } from '@trpc/client';
import { createTRPCReact, type CreateTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@evolution/server/trpc';
import { storedToken } from '../auth/session.ts';

/** The typed tRPC hooks; the client imports only the router's type from the server. */
export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

/** One batched link to /trpc; the bearer token is read from local storage at request time. */
export function createTrpcClient(url = '/trpc'): ReturnType<typeof trpc.createClient> {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url,
        headers() {
          const token = storedToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

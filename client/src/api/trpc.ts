import {
  httpBatchLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client';
import { createTRPCReact, type createTRPCQueryUtils, type CreateTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@evolution/server/trpc';
import { TRPC_MAX_BATCH } from '@evolution/shared/constants';
import { storedToken } from '../auth/session.ts';
import { endingSessionOn401 } from '../auth/sessionEnd.ts';
import { notify } from '../components/ui/notifier.ts';
import { watchedFetch } from '../offline/network.ts';

/** The typed tRPC hooks; the client imports only the router's type from the server. */
export const trpc: CreateTRPCReact<AppRouter, unknown> = createTRPCReact<AppRouter>();

/** The query helpers outside React (start-up and the first screen's query at boot). */
export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

/** The bearer token, read from local storage at request time. */
function authHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The live-events link (and the `eventsource` package under it) is fetched on the first subscription, so a visitor who
 * never signs in never downloads it.
 */
function lazySubscriptionLink(url: string): TRPCLink<AppRouter> {
  let link: Promise<TRPCLink<AppRouter>> | null = null;
  return (runtime) => {
    let operationLink: ReturnType<TRPCLink<AppRouter>> | null = null;
    return ({ op, next }) =>
      observable((observer) => {
        let unsubscribe: (() => void) | null = null;
        let closed = false;
        link ??= import('./subscriptionLink.ts').then((m) => m.subscriptionLink(url, authHeaders));
        link.then(
          (loaded) => {
            if (closed) return;
            operationLink ??= loaded(runtime);
            const sub = operationLink({ op, next }).subscribe(observer);
            unsubscribe = () => sub.unsubscribe();
          },
          (error: unknown) => {
            link = null;
            if (!closed)
              observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          closed = true;
          unsubscribe?.();
        };
      });
  };
}

/** The calls' fetch: no answer marks the app offline; a 401 for the stored token ends the session (to the login). */
const apiFetch = endingSessionOn401(watchedFetch, notify);

/** Calls to /trpc are batched; FormData (progress photos) cannot be, so it goes on its own request; subscriptions stream. */
export function createTrpcClient(url = '/trpc'): ReturnType<typeof trpc.createClient> {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: lazySubscriptionLink(url),
        false: splitLink({
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url, headers: authHeaders, fetch: apiFetch }),
          false: httpBatchLink({ url, headers: authHeaders, maxItems: TRPC_MAX_BATCH, fetch: apiFetch }),
        }),
      }),
    ],
  });
}

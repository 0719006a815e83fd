import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TOAST_MS } from '@evolution/shared/constants';
import { notify, type Notice } from '../components/ui/notifier.ts';
import { PERSIST_MAX_AGE_MS, PERSISTED_ROUTERS } from '../offline/persist.ts';
import { unauthorisedHandled } from '../auth/sessionEnd.ts';
import { apiErrorNotice, readFailure } from './errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silentErrors?: boolean };
    /** offlineKept: the call keeps its work on the phone when it gets no answer (a progress photo), so no notice. */
    mutationMeta: { silentErrors?: boolean; offlineKept?: boolean };
  }
}

/** What a change that got no answer says. */
const NO_CONNECTION: Notice = {
  message: 'No connection: nothing was sent. Try again once you are back online.',
  variant: 'danger',
  duration: TOAST_MS.apiError,
};

/**
 * The query client with the error catalogue applied to every call in one place. A call may opt out with
 * `meta: { silentErrors: true }` (logout, whose failure changes nothing for the user). A 401 that ended the session
 * (the API fetch saw it first: auth/sessionEnd.ts) says so on the login screen instead (`handled401`).
 */
export function createQueryClient(
  show: (n: Notice) => unknown = notify,
  handled401: () => boolean = unauthorisedHandled,
): QueryClient {
  const report = (error: unknown, silent?: boolean) => {
    if (silent || (readFailure(error).status === 401 && handled401())) return;
    const notice = apiErrorNotice(error);
    if (notice) show(notice);
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.silentErrors) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _r, mutation) => {
        // No answer at all: the member is told nothing was sent (the catalogue has no status to speak of).
        if (readFailure(error).status === null && !mutation.meta?.silentErrors && !mutation.meta?.offlineKept)
          show(NO_CONNECTION);
        else report(error, mutation.meta?.silentErrors);
      },
    }),
    defaultOptions: {
      // A failed call fails once and says so; it is not retried behind the user's back. A call that got no answer (the
      // app has gone offline: offline/network.ts) waits for the network and is asked again then.
      queries: {
        retry: (failures, error) => failures < 3 && readFailure(error).status === null,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // A change is sent when the member asks, online or not: with no network it fails at once and says so, rather than
      // waiting unseen and going through later (a phase finished offline has its own queue: offline/queue.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // The member's reads live as long as the phone keeps them (offline/persist.ts): dropped from memory, they would be
  // dropped from the phone at the next save.
  for (const router of PERSISTED_ROUTERS) client.setQueryDefaults([[router]], { gcTime: PERSIST_MAX_AGE_MS });
  return client;
}

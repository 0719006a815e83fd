import type { Query, QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { onUserChange, type UserSource } from '../auth/store.ts';
import { wipeMediaCache } from './mediaCache.ts';

/**
 * The member's data on the phone: the persisted query cache owns "the data is not here". What a member has seen
 * (Ground Zero, the phase with its exercises, the versions, chamber, results, technique guides, recipes, flags and
 * messages) is kept in IndexedDB, shown offline, and refreshed when the network returns. Signing out wipes it.
 */

/** Bump when an answer's shape changes, so a phone never shows a cache the new screens cannot read. */
const CACHE_SHAPE = 1;

/** How long a phone keeps what it saw (the queries live as long in memory, or they would be dropped before saving). */
export const PERSIST_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

// The member's own reads. Never the admin's (a shared office computer), the setup answers or the account screens.
export const PERSISTED_ROUTERS = ['warrior', 'superhuman', 'channels', 'flags', 'messages'] as const;
const persisted = new Set<string>(PERSISTED_ROUTERS);

/** Whether a query's answer is kept on the phone: a member read that answered. */
function isPersisted(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const path = query.queryKey[0];
  return query.state.status === 'success' && Array.isArray(path) && persisted.has(String(path[0]));
}

let opened: ReturnType<typeof createStore> | null = null;
const store = () => (opened ??= createStore('evolution', 'query-cache'));
const KEY = 'member-data';

const persister = createAsyncStoragePersister({
  storage:
    typeof indexedDB === 'undefined'
      ? null
      : {
          getItem: (key) => get<string>(key, store()),
          setItem: (key, value) => set(key, value, store()),
          removeItem: (key) => del(key, store()),
        },
  key: KEY,
  // At most one write a second however many answers arrive.
  throttleTime: 1000,
});

/** When this app started: what the phone kept is older, and is asked again once restored. */
const startedAt = Date.now();

/**
 * Once what the phone kept is back in the cache, it is marked stale so that the screens on show ask again at once
 * (offline they wait for the network), rather than trusting a copy that another tab or the worker may have moved past.
 * A screen that already asked (its query mounted as the restore ended) is left to that request, not asked twice.
 */
export const refreshRestored = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries(
    { predicate: (query) => isPersisted(query) && query.state.dataUpdatedAt < startedAt },
    { cancelRefetch: false },
  );

/** The options of PersistQueryClientProvider for the signed-in user (another user's cache on the phone is dropped). */
export function persistOptions(userId: number | null): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: `${CACHE_SHAPE}:${userId ?? 'none'}`,
    // Queries only: a paused mutation's variables are what was typed (a password at login) and never go to disk.
    dehydrateOptions: { shouldDehydrateQuery: isPersisted, shouldDehydrateMutation: () => false },
  };
}

/**
 * Another member on this phone (or nobody) from now on, whichever tab or path signed the last one out (the logout, a
 * token refused at start-up, another tab): the cache in memory is emptied before anything renders for the next one,
 * and the phone's copy goes with a sign-out. Answers the unsubscribe.
 */
export function forgetOnUserChange(queryClient: QueryClient, auth: UserSource): () => void {
  return onUserChange(auth, (previous, next) => {
    if (previous !== null) queryClient.clear();
    if (next === null) void wipePersistedData();
  });
}

/** Sign-out: nothing the member saw stays on the phone, their pictures included. */
export async function wipePersistedData(): Promise<void> {
  await wipeMediaCache();
  if (typeof indexedDB === 'undefined') return;
  await del(KEY, store()).catch(() => undefined);
}

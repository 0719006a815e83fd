import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { authStore } from '../auth/store.ts';
import { whenIdle } from '../components/whenIdle.ts';
import { trpc } from './trpc.ts';

/** Something an open screen should learn of without a reload: a flag's thread changed, a message arrived. */
export interface LiveEvent {
  topic: 'flag' | 'message';
  /** The flag's or the message's id. */
  id: number;
}

/** What the server's `live.events` subscription yields: an event, or `resync` when some may have been missed. */
type LiveOutput = LiveEvent | { topic: 'resync' };

export type LiveHandler = (event: LiveEvent) => void;

/** The tRPC query paths whose data live events change; a resync invalidates every query under them. */
const LIVE_QUERY_PATHS: readonly (readonly string[])[] = [
  ['flags'],
  ['messages'],
  ['admin', 'flags'],
  ['admin', 'messages'],
];

/** Whether a tRPC react-query key (`[['admin', 'flags', 'list'], {...}]`) lies under one of LIVE_QUERY_PATHS. */
export function isLiveQueryKey(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  if (!Array.isArray(path)) return false;
  return LIVE_QUERY_PATHS.some((prefix) => prefix.every((segment, i) => path[i] === segment));
}

/** How the registry opens the one subscription: returns its stop. */
export type StartSubscription = (observer: {
  onData(output: LiveOutput): void;
  /** Called on every (re)connection: tRPC's link reconnects by itself after a drop. */
  onStarted(): void;
  onError(error: unknown): void;
}) => () => void;

/** What the registry needs from the app: how to subscribe, how to catch up, and who is signed in. */
export interface LiveRegistryDeps {
  start: StartSubscription;
  /** Events may have been missed (a reconnection, or the server said so): refetch what they would have changed. */
  resync(): void;
  token(): string | null;
  onAuthChange(listener: () => void): () => void;
}

/**
 * One subscription per app, shared by every `useLiveEvents` handler: open while someone is signed in and at least one
 * handler is registered, closed on sign-out (and reopened for a new sign-in). Handlers get flag and message events
 * only; catching up after a reconnection is done by `resync`, which invalidates the live query paths.
 */
export function createLiveRegistry(deps: LiveRegistryDeps) {
  const handlers = new Set<LiveHandler>();
  let stop: (() => void) | null = null;
  // The subscription now open (callbacks of a closed one are ignored) and the token it was opened with.
  let active: object | null = null;
  let openFor: string | null = null;
  let unwatchAuth: (() => void) | null = null;

  const close = () => {
    stop?.();
    stop = null;
    active = null;
    openFor = null;
  };

  const sync = () => {
    const token = handlers.size > 0 ? deps.token() : null;
    // Same token: already open, or refused once (a new sign-in brings a new token).
    if (token === openFor) return;
    close();
    if (!token) return;
    const mine = {};
    let starts = 0;
    active = mine;
    openFor = token;
    stop = deps.start({
      onData(output) {
        if (active !== mine) return;
        if (output.topic === 'resync') deps.resync();
        else for (const handler of handlers) handler(output);
      },
      onStarted() {
        if (active !== mine) return;
        // The first start is the opening; any later one is a reconnection after a drop.
        if (++starts > 1) deps.resync();
      },
      onError() {
        // Refused (the token expired or was revoked): the app's own calls handle the sign-out.
        if (active === mine) active = null;
      },
    });
  };

  return {
    /** Registers a handler (opening the subscription if needed); returns its removal. */
    add(handler: LiveHandler): () => void {
      handlers.add(handler);
      if (!unwatchAuth) unwatchAuth = deps.onAuthChange(sync);
      sync();
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0) {
          unwatchAuth?.();
          unwatchAuth = null;
        }
        sync();
      };
    },
    get open(): boolean {
      return active !== null;
    },
  };
}

type LiveRegistry = ReturnType<typeof createLiveRegistry>;

type TrpcClient = ReturnType<typeof trpc.useUtils>['client'];

const registries = new WeakMap<QueryClient, LiveRegistry>();

/** The app's registry (one per query client, so one per app). */
function registryFor(queryClient: QueryClient, client: TrpcClient): LiveRegistry {
  let registry = registries.get(queryClient);
  if (!registry) {
    const resync = () => void queryClient.invalidateQueries({ predicate: (query) => isLiveQueryKey(query.queryKey) });
    registry = createLiveRegistry({
      // The stream opens once the browser is idle, so it and its code come after the first screen's own chunks and
      // calls, not among them (measured: a fifth of the phase runner's largest paint on simulated slow 4G). What changed
      // before it opened is fetched again once it has: the first start resyncs too.
      start: (observer) => {
        let sub: { unsubscribe(): void } | null = null;
        let opened = false;
        const cancel = whenIdle(() => {
          sub = client.live.events.subscribe(undefined, {
            onData: (tracked) => observer.onData(tracked.data),
            onStarted: () => {
              observer.onStarted();
              if (!opened) resync();
              opened = true;
            },
            onError: (error) => observer.onError(error),
          });
        });
        return () => {
          cancel();
          sub?.unsubscribe();
        };
      },
      resync,
      token: () => authStore.get().token,
      onAuthChange: (listener) => authStore.subscribe(listener),
    });
    registries.set(queryClient, registry);
  }
  return registry;
}

/**
 * Calls `handler` with every live event for the signed-in user (`{ topic: 'flag' | 'message', id }`) while the
 * calling component is mounted. It invalidates nothing itself: the screen decides what to refetch. After a dropped
 * connection comes back (or the server says events were missed) every query under `flags`, `messages`,
 * `admin.flags` and `admin.messages` is invalidated instead of replaying events.
 */
export function useLiveEvents(handler: LiveHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const queryClient = useQueryClient();
  const client = trpc.useUtils().client;
  useEffect(() => registryFor(queryClient, client).add((event) => latest.current(event)), [queryClient, client]);
}

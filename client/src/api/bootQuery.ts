import { QueryObserver, type QueryClient, type QueryObserverOptions } from '@tanstack/react-query';

/** How long a boot query is held for its screen: a screen that has not mounted by then asks again itself. */
export const BOOT_HOLD_MS = 20_000;

/** The options of a screen's first query (what `utils.x.y.queryOptions(input)` answers). */
export type BootQueryOptions = QueryObserverOptions<any, any, any, any, any>;

/**
 * Starts a screen's first query at boot, so it leaves in the same batched request as the start-up call instead of one
 * round trip after it, and holds the answer until the screen's own query takes it (or BOOT_HOLD_MS passes): a screen
 * that keeps its data for no time (gcTime 0) would otherwise see it dropped before it mounts. A failure is silent
 * here: the screen asks again and shows its own message.
 */
export function holdBootQuery(queryClient: QueryClient, options: BootQueryOptions): void {
  const observer = new QueryObserver(queryClient, { ...options, meta: { ...options.meta, silentErrors: true } });
  const query = observer.getCurrentQuery();
  const stopObserver = observer.subscribe(() => undefined);
  // The screen's observer has the answer (or its own fetch) from here on.
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'observerAdded' && event.query === query && event.observer !== observer) queueMicrotask(release);
  });
  const timer = setTimeout(release, BOOT_HOLD_MS);
  function release() {
    stopCache();
    clearTimeout(timer);
    stopObserver();
  }
}

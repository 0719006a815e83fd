import { useSyncExternalStore } from 'react';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import './offline.css';

/** Whether the browser says it is online (React Query's own view, which pauses and resumes the calls). */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    onlineManager.subscribe.bind(onlineManager),
    () => onlineManager.isOnline(),
    () => true,
  );

/** When the oldest answer on screen was fetched (null: nothing on screen came from the server). */
function oldestShown(queryClient: QueryClient): number | null {
  const times = queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .map((q) => q.state.dataUpdatedAt)
    .filter((t) => t > 0);
  return times.length ? Math.min(...times) : null;
}

/** "14:32", or "25 Nov, 14:32" when it was not today. */
export function seenAt(time: number, now = Date.now()): string {
  const at = new Date(time);
  const clock = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date(now).toDateString()
    ? clock
    : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${clock}`;
}

/** The quiet marker of a phone with no network: what is on screen is what the member saw then. */
export function OfflineMarker() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const subscribeCache = (l: () => void) => queryClient.getQueryCache().subscribe(l);
  const oldest = useSyncExternalStore(
    subscribeCache,
    () => (online ? null : oldestShown(queryClient)),
    () => null,
  );
  if (online) return null;
  return (
    <p className="offline-marker" role="status">
      {oldest === null ? 'Offline' : `Offline: showing what you saw at ${seenAt(oldest)}`}
    </p>
  );
}

import { Spinner } from './Spinner.tsx';

/** A screen opened offline that the phone has not kept. */
export const OFFLINE_NOT_KEPT =
  'You are offline, and this screen has not been opened on this phone yet. It will load when you are back online.';

/** What a screen shows while its data loads, and when loading failed (spec: 'Data could not be found.'). */
export function QueryState({
  query,
  loading,
  error = 'Data could not be found.',
}: {
  query: { isPending: boolean; isError: boolean; fetchStatus?: string };
  loading: string;
  error?: string;
}) {
  if (query.isError) return <p className="empty">{error}</p>;
  // Offline, and the phone has not kept this screen: the call waits for the network.
  if (query.isPending && query.fetchStatus === 'paused') return <p className="empty">{OFFLINE_NOT_KEPT}</p>;
  return query.isPending ? <Spinner label={loading} /> : null;
}

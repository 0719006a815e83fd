import { Spinner } from './Spinner.tsx';

/** What a screen shows while its data loads, and when loading failed (spec: 'Data could not be found.'). */
export function QueryState({ query, loading, error = 'Data could not be found.' }: { query: { isPending: boolean; isError: boolean }; loading: string; error?: string }) {
  if (query.isError) return <p className="empty">{error}</p>;
  return query.isPending ? <Spinner label={loading} /> : null;
}

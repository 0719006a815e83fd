import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { AdminScreen } from './AdminScreen.tsx';

/**
 * An admin screen that edits one row: the header with its way back to the list, the row's loading or failure, then
 * `children` with the row once it has loaded.
 */
export function EditScreen<Row>({
  title,
  back,
  query,
  loading,
  children,
}: {
  title: string;
  back: { href: string; label: string };
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; fetchStatus?: string; data?: { data: Row } };
  loading: string;
  children: (row: Row) => ReactNode;
}) {
  return (
    <AdminScreen title={title} back={back} className="page--narrow">
      <QueryState query={query} loading={loading} />
      {query.isSuccess && query.data && children(query.data.data)}
    </AdminScreen>
  );
}

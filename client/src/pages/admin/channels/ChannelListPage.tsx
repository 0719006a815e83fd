import { keepPreviousData } from '@tanstack/react-query';
import type { AdminChannel } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatDuration, formatPounds } from '../../../forms/format.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { EditLink } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CHANNEL_LIST } from '../calibrations/catalogue.ts';
import '../common/catalogue.css';

const CHANNEL_COLUMNS: readonly Column<AdminChannel>[] = [
  { key: 'id', label: 'ID', value: (c) => c.id },
  { key: 'name', label: 'Name', value: (c) => c.name, truncate: true },
  { key: 'short', label: 'Short name', value: (c) => c.short_name },
  {
    key: 'plans',
    label: 'Plans',
    value: (c) => c.plans.length,
    cell: (c) => (
      <>
        {c.plans.length === 0 && <span className="muted">No plans</span>}
        {c.plans.map((p) => (
          <div key={p.id}>
            {formatPounds(p.amount)} {formatDuration(p.duration)}{' '}
            {!p.purchasable ? (
              <span className="badge">Never sold</span>
            ) : p.active ? (
              <span className="badge badge--success">On sale</span>
            ) : (
              <span className="badge">Off sale</span>
            )}
          </div>
        ))}
      </>
    ),
  },
  { key: 'updated', label: 'Updated', value: (c) => c.updated_at, cell: (c) => formatDate(c.updated_at) },
];

/** /admin/channel_management: the channels, paged, with their plans' prices and whether each is on sale. */
export default function ChannelListPage() {
  const query = useListQuery(CHANNEL_LIST);
  const list = trpc.admin.channels.list.useQuery(
    { page: query.page },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  return (
    <AdminScreen title="Channel Management">
      <QueryState query={list} loading="Loading channels" />
      {list.data && (
        <DataTable
          from={list}
          caption="Channels"
          captionTotal={false}
          columns={CHANNEL_COLUMNS}
          actions={(c) => <EditLink href={`/admin/channel/${c.id}/edit`} name={c.name} />}
          list={query}
          className="catalogue-table"
          empty="No channels on this page."
          pagesLabel="Channel pages"
        />
      )}
    </AdminScreen>
  );
}

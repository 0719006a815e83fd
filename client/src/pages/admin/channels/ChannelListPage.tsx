import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../api/trpc.ts';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatDuration, formatPounds } from '../../../forms/format.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { AdminTable } from '../common/AdminTable.tsx';
import { EditLink, RowActions } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CHANNEL_LIST } from '../calibrations/catalogue.ts';
import '../common/catalogue.css';

/** /admin/channel_management: the channels, paged, with their plans' prices and whether each is on sale. */
export default function ChannelListPage() {
  const { page, go } = useListQuery(CHANNEL_LIST);
  const list = trpc.admin.channels.list.useQuery({ page }, { placeholderData: keepPreviousData, staleTime: 0 });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader title="Channel Management" />
      <QueryState query={list} loading="Loading channels" />
      {list.data && (
        <AdminTable
          caption="Channels"
          meta={meta}
          captionTotal={false}
          columns={['ID', 'Name', 'Short name', 'Plans', 'Updated']}
          actions
          className="catalogue-table"
          busy={list.isFetching}
          empty={rows.length === 0 && 'No channels on this page.'}
          pages={{ onChange: (p) => go({ page: p }), label: 'Channel pages' }}
        >
          {rows.map((c) => (
            <tr key={c.id}>
              <td data-label="ID">{c.id}</td>
              <td data-label="Name">{c.name}</td>
              <td data-label="Short name">{c.short_name}</td>
              <td data-label="Plans">
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
              </td>
              <td data-label="Updated">{formatDate(c.updated_at)}</td>
              <RowActions>
                <EditLink href={`/admin/channel/${c.id}/edit`} name={c.name} />
              </RowActions>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

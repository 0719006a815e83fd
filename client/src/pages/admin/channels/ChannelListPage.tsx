import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '../../../api/trpc.ts';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatDuration, formatPounds } from '../../../forms/format.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { CHANNEL_LIST } from '../calibrations/catalogue.ts';
import '../calibrations/calibrations.css';

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
        <div className="table-wrap" aria-busy={list.isFetching || undefined}>
          <table className="table catalogue-table">
            <caption className="visually-hidden">Channels{meta ? `, page ${meta.current_page} of ${meta.last_page}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Name</th>
                <th scope="col">Short name</th>
                <th scope="col">Plans</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                        {!p.purchasable ? <span className="badge">Never sold</span> : p.active ? <span className="badge badge--success">On sale</span> : <span className="badge">Off sale</span>}
                      </div>
                    ))}
                  </td>
                  <td data-label="Updated">{formatDate(c.updated_at)}</td>
                  <td className="table__actions-cell">
                    <div className="table__actions">
                      <Link href={`/admin/channel/${c.id}/edit`} className="button button--ghost button--sm" aria-label={`Edit ${c.name}`}>
                        EDIT
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="empty">No channels on this page.</p>}
        </div>
      )}
      {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(p) => go({ page: p })} label="Channel pages" />}
    </section>
  );
}

import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { FLAG_STATUS } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatWhen } from '../../../forms/format.ts';
import { FlagStatusBadge } from '../../flags/flagThread.tsx';
import { useFlagLive } from '../../flags/flagLive.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';

export const ADMIN_FLAG_LIST = '/admin/assistance_flag_management';

/** The status filter as the query string holds it: 0 open, 1 closed, anything else all. */
export function readStatus(value: string | null): 0 | 1 | undefined {
  return value === '0' ? FLAG_STATUS.open : value === '1' ? FLAG_STATUS.closed : undefined;
}

/** /admin/assistance_flag_management: every member's flags, open ones first, paged, filtered by status (query string). */
export default function FlagManagementPage() {
  const query = useListQuery(ADMIN_FLAG_LIST);
  const status = readStatus(query.params.get('status'));
  const utils = trpc.useUtils();
  const list = trpc.admin.flags.list.useQuery({ page: query.page, ...(status === undefined ? {} : { status }) }, { staleTime: 0, placeholderData: keepPreviousData });
  // New flags and replies from members show up without a reload.
  useFlagLive(() => void utils.admin.flags.list.invalidate());
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader title="Assistance Flags" />
      <div className="toolbar">
        <div className="toolbar__filter">
          <label htmlFor="flag-status" className="field__label">
            Status
          </label>
          <select id="flag-status" className="field__input" value={status ?? ''} onChange={(e) => query.go({ status: e.target.value || undefined })}>
            <option value="">All</option>
            <option value={FLAG_STATUS.open}>Open</option>
            <option value={FLAG_STATUS.closed}>Closed</option>
          </select>
        </div>
      </div>

      <div className="table-wrap" aria-busy={list.isFetching || undefined}>
        <table className="table">
          <caption className="visually-hidden">
            Assistance flags{meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Subject</th>
              <th scope="col">From</th>
              <th scope="col">Status</th>
              <th scope="col">Replies</th>
              <th scope="col">Last activity</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr key={f.id}>
                <td data-label="ID">{f.id}</td>
                <td data-label="Subject" className="flag-subject">
                  {f.subject}
                </td>
                <td data-label="From">{f.from}</td>
                <td data-label="Status">
                  <FlagStatusBadge status={f.status} />
                </td>
                <td data-label="Replies">{f.responses_count}</td>
                <td data-label="Last activity">{formatWhen(f.updated_at)}</td>
                <td className="table__actions-cell">
                  <div className="table__actions">
                    <Link href={`/admin/assistance_flag/${f.id}`} className="button button--secondary button--sm" aria-label={`View ${f.subject}`}>
                      VIEW
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <Spinner label="Loading assistance flags" />}
        {list.isError && !list.data && <p className="empty">Data could not be found.</p>}
        {list.isSuccess && rows.length === 0 && <p className="empty">No assistance flags found.</p>}
      </div>

      {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => query.go({ page })} label="Assistance flag pages" />}
    </section>
  );
}

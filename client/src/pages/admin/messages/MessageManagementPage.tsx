import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useLiveEvents } from '../../../api/live.ts';
import { trpc } from '../../../api/trpc.ts';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatWhen } from '../../../forms/format.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { MESSAGE_LIST, messagePath, readSummary } from './messageAdmin.ts';
import './messages.css';

/** Messages: what admins have sent, newest first and paged (page in the query string), with how many have read each. */
export default function MessageManagementPage() {
  const query = useListQuery(MESSAGE_LIST);
  const utils = trpc.useUtils();
  const list = trpc.admin.messages.list.useQuery({ page: query.page }, { placeholderData: keepPreviousData });
  // A member reading a message changes its read count here.
  useLiveEvents((event) => {
    if (event.topic === 'message') void utils.admin.messages.list.invalidate();
  });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader
        title="Messages"
        actions={
          <Link href="/admin/message/add" className="button button--primary">
            New message
          </Link>
        }
      />
      <div className="table-wrap" aria-busy={list.isFetching || undefined}>
        <table className="table">
          <caption className="visually-hidden">
            Sent messages{meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Subject</th>
              <th scope="col">To</th>
              <th scope="col">Read</th>
              <th scope="col">From</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td data-label="Sent">{formatWhen(m.created_at)}</td>
                <td data-label="Subject">{m.subject}</td>
                <td data-label="To" className="message-to">
                  {m.recipient}
                </td>
                <td data-label="Read">{readSummary(m)}</td>
                <td data-label="From">{m.from ?? <span className="muted">Deleted admin</span>}</td>
                <td className="table__actions-cell">
                  <div className="table__actions">
                    <Link href={messagePath(m.id)} className="button button--secondary button--sm" aria-label={`View ${m.subject}`}>
                      VIEW
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <Spinner label="Loading messages" />}
        {list.isError && !list.data && <p className="empty">Data could not be found.</p>}
        {list.isSuccess && rows.length === 0 && <p className="empty">No messages sent yet.</p>}
      </div>
      {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => query.go({ page })} label="Message list pages" />}
    </section>
  );
}

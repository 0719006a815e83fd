import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useLiveEvents } from '../../../api/live.ts';
import { trpc } from '../../../api/trpc.ts';
import { formatWhen } from '../../../forms/format.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { AdminTable } from '../common/AdminTable.tsx';
import { RowActions } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { DELIVERY_REFRESH_MS, MESSAGE_LIST, deliverySummary, messagePath, readSummary } from './messageAdmin.ts';
import './messages.css';

/** Messages: what admins have sent, newest first and paged (page in the query string), with how many have read each. */
export default function MessageManagementPage() {
  const query = useListQuery(MESSAGE_LIST);
  const utils = trpc.useUtils();
  const list = trpc.admin.messages.list.useQuery(
    { page: query.page },
    // A channel message still being delivered counts up here.
    {
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((m) => m.delivered_at === null) ? DELIVERY_REFRESH_MS : false),
    },
  );
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
      <AdminTable
        caption="Sent messages"
        meta={meta}
        columns={['Sent', 'Subject', 'To', 'Read', 'From']}
        actions
        busy={list.isFetching}
        query={list}
        loading="Loading messages"
        empty={list.isSuccess && rows.length === 0 && 'No messages sent yet.'}
        pages={{ onChange: (page) => query.go({ page }), label: 'Message list pages' }}
      >
        {rows.map((m) => (
          <tr key={m.id}>
            <td data-label="Sent">{formatWhen(m.created_at)}</td>
            <td data-label="Subject">{m.subject}</td>
            <td data-label="To" className="message-to">
              {m.recipient}
              {m.channel_id !== null && <span className="message-delivery muted">{deliverySummary(m)}</span>}
            </td>
            <td data-label="Read">{readSummary(m)}</td>
            <td data-label="From">{m.from ?? <span className="muted">Deleted admin</span>}</td>
            <RowActions>
              <Link
                href={messagePath(m.id)}
                className="button button--secondary button--sm"
                aria-label={`View ${m.subject}`}
              >
                VIEW
              </Link>
            </RowActions>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

import { keepPreviousData } from '@tanstack/react-query';
import type { AdminMessageRow } from '@evolution/shared';
import { useLiveEvents } from '../../../api/live.ts';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { formatWhen } from '../../../forms/format.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { ViewLink } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { DELIVERY_REFRESH_MS, MESSAGE_LIST, deliverySummary, messagePath, readSummary } from './messageAdmin.ts';
import './messages.css';

const MESSAGE_COLUMNS: readonly Column<AdminMessageRow>[] = [
  { key: 'sent', label: 'Sent', value: (m) => m.created_at, cell: (m) => formatWhen(m.created_at) },
  { key: 'subject', label: 'Subject', value: (m) => m.subject, truncate: true },
  {
    key: 'to',
    label: 'To',
    className: 'message-to',
    value: (m) => m.recipient,
    cell: (m) => (
      <>
        {m.recipient}
        {m.channel_id !== null && <span className="message-delivery muted">{deliverySummary(m)}</span>}
      </>
    ),
  },
  { key: 'read', label: 'Read', value: (m) => m.read_count, cell: readSummary },
  {
    key: 'from',
    label: 'From',
    value: (m) => m.from,
    cell: (m) => m.from ?? <span className="muted">Deleted admin</span>,
  },
];

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

  return (
    <AdminScreen title="Messages" actions={<ButtonLink href="/admin/message/add">New message</ButtonLink>}>
      <DataTable
        from={list}
        caption="Sent messages"
        columns={MESSAGE_COLUMNS}
        actions={(m) => <ViewLink href={messagePath(m.id)} name={m.subject} />}
        list={query}
        loading="Loading messages"
        empty="No messages sent yet."
        pagesLabel="Message list pages"
      />
    </AdminScreen>
  );
}

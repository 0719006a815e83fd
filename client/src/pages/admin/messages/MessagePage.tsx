import { useLiveEvents } from '../../../api/live.ts';
import { trpc } from '../../../api/trpc.ts';
import type { MessageReader } from '@evolution/shared';
import { StaticTable, type StaticColumn } from '../../../components/table/StaticTable.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatWhen } from '../../../forms/format.ts';
import type { PageProps } from '../../../router/routeTypes.ts';
import { MessageBody } from '../../messages/MessageBody.tsx';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { DELIVERY_REFRESH_MS, MESSAGE_LIST, deliverySummary, readSummary } from './messageAdmin.ts';
import './messages.css';

const RECIPIENT_COLUMNS: readonly StaticColumn<MessageReader>[] = [
  { label: 'Name', cell: (r) => r.name },
  { label: 'Email', cell: (r) => r.email, cellClassName: 'table__email' },
  { label: 'Read', cell: (r) => (r.read_at ? formatWhen(r.read_at) : <span className="muted">Not yet</span>) },
];

/**
 * /admin/message/{id}: the message as sent, its delivery, and every recipient with when they read it, updated live as
 * they do (and every few seconds while a channel message is still being delivered).
 */
export default function MessagePage({ params }: PageProps) {
  const id = Number(params.id);
  const utils = trpc.useUtils();
  const message = trpc.admin.messages.get.useQuery(
    { id },
    { staleTime: 0, refetchInterval: (q) => (q.state.data?.delivered_at === null ? DELIVERY_REFRESH_MS : false) },
  );
  useLiveEvents((event) => {
    if (event.topic === 'message' && event.id === id) void utils.admin.messages.get.invalidate({ id });
  });
  const data = message.isError ? undefined : message.data;

  return (
    <AdminScreen title={data?.subject ?? 'Message'} back={{ href: MESSAGE_LIST, label: 'Messages' }}>
      <QueryState query={message} loading="Loading the message" />
      {data && (
        <div className="message-admin">
          <article className="panel">
            <dl className="details">
              <div>
                <dt>To</dt>
                <dd>{data.recipient}</dd>
              </div>
              <div>
                <dt>From</dt>
                <dd>{data.from ?? <span className="muted">Deleted admin</span>}</dd>
              </div>
              <div>
                <dt>Sent</dt>
                <dd>{formatWhen(data.created_at)}</dd>
              </div>
              <div>
                <dt>Delivery</dt>
                <dd>{deliverySummary(data)}</dd>
              </div>
              <div>
                <dt>Read</dt>
                <dd>{readSummary(data)}</dd>
              </div>
            </dl>
            <h2 className="panel__title message-admin__body-title">Message</h2>
            <MessageBody text={data.message} className="message-admin__body" />
          </article>
          <StaticTable
            caption={<caption className="message-admin__caption">Recipients ({data.recipients_count})</caption>}
            columns={RECIPIENT_COLUMNS}
            rows={data.recipients}
            rowKey={(r) => r.user_id}
          >
            {data.recipients.length === 0 && data.delivered_at !== null && (
              <p className="empty">Nobody holds this message any more.</p>
            )}
            {data.recipients.length < data.recipients_count && (
              <p className="muted message-admin__more">
                The first {data.recipients.length.toLocaleString('en-GB')} of{' '}
                {data.recipients_count.toLocaleString('en-GB')}, those who have read it first.
              </p>
            )}
          </StaticTable>
        </div>
      )}
    </AdminScreen>
  );
}

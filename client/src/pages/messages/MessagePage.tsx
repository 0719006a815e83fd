import { useEffect } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { trpc } from '../../api/trpc.ts';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { formatWhen } from '../../forms/format.ts';
import type { PageProps } from '../../router/routeTypes.ts';
import { INBOX } from './InboxPage.tsx';
import { MessageBody } from './MessageBody.tsx';
import './messages.css';

/** /with_menu/messages/{id}: one message; opening it marks it read, so the badge and the inbox are refreshed. */
export default function MessagePage({ params }: PageProps) {
  const id = Number(params.id);
  const utils = trpc.useUtils();
  // Every visit asks the server, which marks the message read; a cached copy would leave it unread.
  const message = trpc.messages.get.useQuery({ id }, { staleTime: 0, gcTime: 0 });
  const data = message.isError ? undefined : message.data;

  useEffect(() => {
    if (!data) return;
    void utils.messages.unreadCount.invalidate();
    void utils.messages.list.invalidate();
  }, [data, utils]);

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader back={{ href: INBOX, label: 'Messages' }} eyebrow="Message" title={data?.subject ?? 'Message'} />
      <QueryState query={message} loading="Loading the message" />
      {data && (
        <article className="panel">
          <p className="message-head">
            <span>From {data.from}</span>
            <span>{formatWhen(data.created_at)}</span>
          </p>
          <MessageBody text={data.message} />
        </article>
      )}
    </section>
  );
}

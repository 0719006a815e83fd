import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MESSAGE_TEXT } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { formatWhen } from '../../forms/format.ts';
import { useListQuery } from '../admin/common/listQuery.ts';
import './messages.css';

export const INBOX = '/with_menu/messages';

/** /with_menu/messages: the coaches' messages, newest first, unread ones marked; the page lives in the query string. */
export default function InboxPage() {
  const query = useListQuery(INBOX);
  // Kept fresh: the side menu's live updates invalidate this list when a message arrives.
  const list = trpc.messages.list.useQuery({ page: query.page }, { placeholderData: keepPreviousData, staleTime: 0 });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow="From your coaches" title="Messages" />
      <QueryState query={list} loading="Loading your messages" />
      {list.isSuccess && rows.length === 0 && <p className="empty">{MESSAGE_TEXT.noMessages}</p>}
      {rows.length > 0 && (
        <ul
          className="stack-list inbox"
          aria-label={meta ? `Messages, page ${meta.current_page} of ${meta.last_page}` : 'Messages'}
          aria-busy={list.isFetching || undefined}
        >
          {rows.map((m) => {
            const unread = m.read_at === null;
            return (
              <li key={m.id}>
                <Link href={`${INBOX}/${m.id}`} className={unread ? 'inbox__item inbox__item--unread' : 'inbox__item'}>
                  <span className="inbox__subject">
                    {unread && <span className="visually-hidden">Unread: </span>}
                    {m.subject}
                  </span>
                  <span className="inbox__meta">
                    {unread && <span className="badge badge--accent">New</span>} {formatWhen(m.created_at)}
                  </span>
                  <span className="inbox__preview">
                    {m.from}: {m.preview}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {meta && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          onChange={(page) => query.go({ page })}
          label="Message pages"
        />
      )}
    </section>
  );
}

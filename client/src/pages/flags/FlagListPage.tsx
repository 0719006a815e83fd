import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { FlagRow } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StaticTable, type StaticColumn } from '../../components/table/StaticTable.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { formatWhen } from '../../forms/format.ts';
import { useListQuery } from '../admin/common/listQuery.ts';
import { FlagStatusBadge } from './flagThread.tsx';
import { useFlagLive } from './flagLive.ts';
import './flags.css';

export const FLAG_LIST = '/with_menu/assistance_flags';

const FLAG_COLUMNS: readonly StaticColumn<FlagRow>[] = [
  {
    label: 'Subject',
    cell: (f) => (
      <Link href={`${FLAG_LIST}/${f.id}`} className="flag-subject">
        {f.subject}
      </Link>
    ),
  },
  { label: 'Status', cell: (f) => <FlagStatusBadge status={f.status} /> },
  { label: 'Replies', cell: (f) => f.responses_count },
  { label: 'Opened', cell: (f) => formatWhen(f.created_at) },
  { label: 'Last activity', cell: (f) => formatWhen(f.updated_at) },
];

/** /with_menu/assistance_flags: the member's own flags, newest first, paged (page in the query string), status shown. */
export default function FlagListPage() {
  const query = useListQuery(FLAG_LIST);
  const utils = trpc.useUtils();
  const list = trpc.flags.list.useQuery({ page: query.page }, { staleTime: 0, placeholderData: keepPreviousData });
  // A coach's reply or close shows up here without a reload.
  useFlagLive(() => void utils.flags.list.invalidate());
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Assistance Flags">
        <p className="muted">Ask a coach for help. You are emailed when a coach replies.</p>
      </PageHeader>
      <div className="flag-actions">
        <ButtonLink href={`${FLAG_LIST}/create`}>New assistance flag</ButtonLink>
      </div>
      <QueryState query={list} loading="Loading your assistance flags" />
      {list.isSuccess && rows.length === 0 && <p className="empty">You have not raised any assistance flags yet.</p>}
      {rows.length > 0 && (
        <StaticTable
          aria-busy={list.isFetching || undefined}
          caption={
            <caption className="visually-hidden">
              Your assistance flags{meta ? `, page ${meta.current_page} of ${meta.last_page}` : ''}
            </caption>
          }
          columns={FLAG_COLUMNS}
          rows={rows}
          rowKey={(f) => f.id}
        />
      )}
      {meta && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          onChange={(page) => query.go({ page })}
          label="Assistance flag pages"
        />
      )}
    </section>
  );
}

import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { FLAG_STATUS } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { NotificationsSwitch } from '../../../push/PushSwitch.tsx';
import { formatWhen } from '../../../forms/format.ts';
import { FlagStatusBadge } from '../../flags/flagThread.tsx';
import { useFlagLive } from '../../flags/flagLive.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { AdminTable } from '../common/AdminTable.tsx';
import { RowActions } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';

export const ADMIN_FLAG_LIST = '/admin/assistance_flag_management';

/** What an admin's device shows once notifications are on (server/src/services/push.ts sends these). */
export const ADMIN_PUSH_DESCRIPTION =
  "New assistance flags and members' replies appear on this device, even when the app is closed.";

/** The status filter as the query string holds it: 0 open, 1 closed, anything else all. */
export function readStatus(value: string | null): 0 | 1 | undefined {
  return value === '0' ? FLAG_STATUS.open : value === '1' ? FLAG_STATUS.closed : undefined;
}

/** /admin/assistance_flag_management: every member's flags, open ones first, paged, filtered by status (query string). */
export default function FlagManagementPage() {
  const query = useListQuery(ADMIN_FLAG_LIST);
  const status = readStatus(query.params.get('status'));
  const utils = trpc.useUtils();
  const list = trpc.admin.flags.list.useQuery(
    { page: query.page, ...(status === undefined ? {} : { status }) },
    { staleTime: 0, placeholderData: keepPreviousData },
  );
  // New flags and replies from members show up without a reload.
  useFlagLive(() => void utils.admin.flags.list.invalidate());
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <section className="page" aria-labelledby="page-title">
      {/* Where an admin answers flags is where they choose to hear of new ones. */}
      <AdminHeader title="Assistance Flags" actions={<NotificationsSwitch description={ADMIN_PUSH_DESCRIPTION} />} />
      <div className="toolbar">
        <div className="toolbar__filter">
          <label htmlFor="flag-status" className="field__label">
            Status
          </label>
          <select
            id="flag-status"
            className="field__input"
            value={status ?? ''}
            onChange={(e) => query.go({ status: e.target.value || undefined })}
          >
            <option value="">All</option>
            <option value={FLAG_STATUS.open}>Open</option>
            <option value={FLAG_STATUS.closed}>Closed</option>
          </select>
        </div>
      </div>

      <AdminTable
        caption="Assistance flags"
        meta={meta}
        columns={['ID', 'Subject', 'From', 'Status', 'Replies', 'Last activity']}
        actions
        busy={list.isFetching}
        query={list}
        loading="Loading assistance flags"
        empty={list.isSuccess && rows.length === 0 && 'No assistance flags found.'}
        pages={{ onChange: (page) => query.go({ page }), label: 'Assistance flag pages' }}
      >
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
            <RowActions>
              <Link
                href={`/admin/assistance_flag/${f.id}`}
                className="button button--secondary button--sm"
                aria-label={`View ${f.subject}`}
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

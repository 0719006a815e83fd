import { keepPreviousData } from '@tanstack/react-query';
import { FLAG_STATUS, type FlagRow } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { NotificationsSwitch } from '../../../push/PushSwitch.tsx';
import { formatWhen } from '../../../forms/format.ts';
import { FlagStatusBadge } from '../../flags/flagThread.tsx';
import { useFlagLive } from '../../flags/flagLive.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { ViewLink } from '../common/RowActions.tsx';
import { FilterSelect } from '../common/SearchBox.tsx';
import { useListQuery } from '../common/listQuery.ts';

export const ADMIN_FLAG_LIST = '/admin/assistance_flag_management';

/** What an admin's device shows once notifications are on (server/src/services/push.ts sends these). */
const ADMIN_PUSH_DESCRIPTION =
  "New assistance flags and members' replies appear on this device, even when the app is closed.";

/** The status filter as the query string holds it: 0 open, 1 closed, anything else all. */
function readStatus(value: string | null): 0 | 1 | undefined {
  return value === '0' ? FLAG_STATUS.open : value === '1' ? FLAG_STATUS.closed : undefined;
}

const FLAG_COLUMNS: readonly Column<FlagRow>[] = [
  { key: 'id', label: 'ID', value: (f) => f.id },
  { key: 'subject', label: 'Subject', value: (f) => f.subject, className: 'flag-subject', truncate: true },
  { key: 'from', label: 'From', value: (f) => f.from, truncate: true },
  { key: 'status', label: 'Status', value: (f) => f.status, cell: (f) => <FlagStatusBadge status={f.status} /> },
  { key: 'replies', label: 'Replies', value: (f) => f.responses_count },
  { key: 'activity', label: 'Last activity', value: (f) => f.updated_at, cell: (f) => formatWhen(f.updated_at) },
];

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

  // Where an admin answers flags is where they choose to hear of new ones.
  return (
    <AdminScreen title="Assistance Flags" actions={<NotificationsSwitch description={ADMIN_PUSH_DESCRIPTION} />}>
      <div className="toolbar">
        <FilterSelect
          id="flag-status"
          label="Status"
          value={status}
          onChange={(value) => query.go({ status: value || undefined })}
        >
          <option value="">All</option>
          <option value={FLAG_STATUS.open}>Open</option>
          <option value={FLAG_STATUS.closed}>Closed</option>
        </FilterSelect>
      </div>

      <DataTable
        from={list}
        caption="Assistance flags"
        columns={FLAG_COLUMNS}
        actions={(f) => <ViewLink href={`/admin/assistance_flag/${f.id}`} name={f.subject} />}
        list={query}
        loading="Loading assistance flags"
        empty="No assistance flags found."
        pagesLabel="Assistance flag pages"
      />
    </AdminScreen>
  );
}

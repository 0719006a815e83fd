import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { AdminFormGroup } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { DeleteConfirm } from '../common/DeleteConfirm.tsx';
import { DeleteButton, EditLink } from '../common/RowActions.tsx';
import { SearchBox } from '../common/SearchBox.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { FORM_GROUP_LIST, ladderPath, showConflict } from './ladderShared.ts';
import './forms.css';

const GROUP_COLUMNS: readonly Column<AdminFormGroup>[] = [
  { key: 'id', label: 'ID', value: (g) => g.id },
  { key: 'name', label: 'Name', value: (g) => g.name, truncate: true },
  { key: 'type', label: 'Exercise type', value: (g) => g.exercise_type_name },
  { key: 'forms', label: 'Forms', value: (g) => g.forms_count },
  {
    key: 'video',
    label: 'Video',
    value: (g) => (g.video_id || g.video_link ? 'Yes' : null),
    cell: (g) => (g.video_id || g.video_link ? 'Yes' : <span className="muted">None</span>),
  },
];

/** Form Management: the form groups (exercise ladders), searched by name and paged, with EDIT, FORMS and DELETE. */
export default function FormGroupListPage() {
  const query = useListQuery(FORM_GROUP_LIST);
  const [deleting, setDeleting] = useState<AdminFormGroup | null>(null);

  const utils = trpc.useUtils();
  const list = trpc.admin.formGroups.list.useQuery(
    { page: query.page, search: query.search },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.admin.formGroups.delete.useMutation();

  const rows = list.data?.data ?? [];

  return (
    <AdminScreen
      title="Form Management"
      actions={<ButtonLink href="/admin/form_group/create">Create form group</ButtonLink>}
    >
      <div className="toolbar">
        <SearchBox
          id="form-group-search"
          label="Search form groups by name"
          placeholder="Search form groups"
          search={query.search}
          onSearch={(search) => query.go({ search })}
        />
      </div>

      <DataTable
        from={list}
        caption="Form groups"
        columns={GROUP_COLUMNS}
        actions={(g) => (
          <>
            <EditLink href={`/admin/form_group/${g.id}/edit`} name={g.name} />
            <ButtonLink href={ladderPath(g.id)} variant="secondary" size="sm" aria-label={`Forms of ${g.name}`}>
              FORMS
            </ButtonLink>
            {g.deletable && <DeleteButton name={g.name} onClick={() => setDeleting(g)} />}
          </>
        )}
        list={query}
        loading="Loading form groups"
        empty="No form groups found."
        pagesLabel="Form group pages"
      />

      <DeleteConfirm
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete form group?"
        text={(g) =>
          `${g.name} and its ${g.forms_count} form${g.forms_count === 1 ? '' : 's'} will be deleted. This cannot be undone.`
        }
        remove={remove}
        onDeleted={(g) => {
          toast.success(`Form group ${g.name} deleted.`);
          query.leaveEmptiedPage(rows.length);
          void utils.admin.formGroups.list.invalidate();
        }}
        onRefused={(error) => {
          showConflict(error);
          void utils.admin.formGroups.list.invalidate();
        }}
      />
    </AdminScreen>
  );
}

import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { AdminForm } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import type { PageProps } from '../../../router/routeTypes.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { DeleteConfirm } from '../common/DeleteConfirm.tsx';
import { EditDeleteActions } from '../common/RowActions.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { FORM_GROUP_LIST, deleteConsequence, ladderPath, members, rangeUnit, showConflict } from './ladderShared.ts';
import './forms.css';

const FORM_COLUMNS: readonly Column<AdminForm>[] = [
  // One column for the pair that orders the ladder: the table fits a tablet without scrolling.
  {
    key: 'rung',
    label: 'Level · progress',
    className: 'ladder-rung',
    value: (f) => f.level * 10_000 + f.progress,
    cell: (f) => `${f.level} · ${f.progress}`,
  },
  { key: 'name', label: 'Name', value: (f) => f.name, truncate: true },
  { key: 'muscle', label: 'Muscle group', value: (f) => f.muscle_group_name, truncate: true },
  {
    key: 'range',
    label: 'Range',
    className: 'ladder-range',
    value: (f) => f.min,
    cell: (f) => `${f.min}–${f.max} ${rangeUnit(f.reps_or_time)}`,
  },
  { key: 'members', label: 'Members', value: (f) => f.members_count },
];

/** /admin/form_group/{id}/form_management: a group's ladder, ordered by level then progress, paged. */
export default function FormListPage({ params }: PageProps) {
  const groupId = Number(params.id);
  const query = useListQuery(ladderPath(params.id ?? ''));
  const [deleting, setDeleting] = useState<AdminForm | null>(null);

  const utils = trpc.useUtils();
  const group = trpc.admin.formGroups.get.useQuery({ id: groupId });
  const list = trpc.admin.forms.list.useQuery({ id: groupId, page: query.page }, { placeholderData: keepPreviousData });
  const remove = trpc.admin.forms.delete.useMutation();

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const name = group.data?.data.name;

  return (
    <AdminScreen
      title={name ? `Forms of ${name}` : 'Forms'}
      back={{ href: FORM_GROUP_LIST, label: 'Form Management' }}
      actions={
        group.isSuccess ? (
          <>
            <ButtonLink href={`/admin/form_group/${groupId}/edit`} variant="secondary">
              Edit group
            </ButtonLink>
            <ButtonLink href={`/admin/form_group/${groupId}/form/create`}>Create form</ButtonLink>
          </>
        ) : undefined
      }
    >
      <QueryState query={group} loading="Loading the form group" />

      {group.isSuccess && (
        <>
          <p className="muted ladder-intro">
            Members climb the ladder from the first form: every set at the max moves them up, a best set below the min
            moves them down.
          </p>
          <DataTable
            from={list}
            caption={<>Forms of {name}</>}
            columns={FORM_COLUMNS}
            actions={(f) => (
              <EditDeleteActions
                href={`/admin/form/${f.id}/edit`}
                name={f.name}
                // The last form cannot go while members stand on it (the server refuses too).
                onDelete={meta?.total === 1 && f.members_count > 0 ? undefined : () => setDeleting(f)}
              />
            )}
            list={query}
            className="ladder-table"
            loading="Loading the forms"
            empty="This group has no forms yet."
            pagesLabel="Form pages"
          />
        </>
      )}

      <DeleteConfirm
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete form?"
        text={(form) => deleteConsequence(form, meta?.total ?? rows.length)}
        remove={remove}
        onDeleted={(form, result) => {
          toast.success(
            result.moved_to
              ? `${form.name} deleted. ${members(result.members_moved)} moved to ${result.moved_to.name}.`
              : `${form.name} deleted.`,
          );
          query.leaveEmptiedPage(rows.length);
          void utils.admin.forms.list.invalidate();
          void utils.admin.formGroups.invalidate();
        }}
        onRefused={(error) => {
          showConflict(error);
          void utils.admin.forms.list.invalidate();
        }}
      />
    </AdminScreen>
  );
}

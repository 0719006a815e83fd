import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AdminForm } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import type { PageProps } from '../../../routes.tsx';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { FORM_GROUP_LIST, deleteConsequence, ladderPath, members, rangeUnit, showConflict } from './ladderShared.ts';
import './forms.css';

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

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: (result) => {
          toast.success(result.moved_to ? `${deleting.name} deleted. ${members(result.members_moved)} moved to ${result.moved_to.name}.` : `${deleting.name} deleted.`);
          setDeleting(null);
          if (rows.length === 1 && query.page > 1) query.go({ page: query.page - 1 });
          void utils.admin.forms.list.invalidate();
          void utils.admin.formGroups.invalidate();
        },
        onError: (error) => {
          showConflict(error);
          setDeleting(null);
          void utils.admin.forms.list.invalidate();
        },
      },
    );
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader
        title={name ? `Forms of ${name}` : 'Forms'}
        back={{ href: FORM_GROUP_LIST, label: 'Form Management' }}
        actions={
          group.isSuccess ? (
            <>
              <Link href={`/admin/form_group/${groupId}/edit`} className="button button--secondary">
                Edit group
              </Link>
              <Link href={`/admin/form_group/${groupId}/form/create`} className="button button--primary">
                Create form
              </Link>
            </>
          ) : undefined
        }
      />
      <QueryState query={group} loading="Loading the form group" />

      {group.isSuccess && (
        <>
          <p className="muted ladder-intro">
            Members climb the ladder from the first form: every set at the max moves them up, a best set below the min moves them down.
          </p>
          <div className="table-wrap" aria-busy={list.isFetching || undefined}>
            <table className="table ladder-table">
              <caption className="visually-hidden">
                Forms of {name}
                {meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Level · progress</th>
                  <th scope="col">Name</th>
                  <th scope="col">Muscle group</th>
                  <th scope="col">Range</th>
                  <th scope="col">Members</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((f) => (
                  <tr key={f.id}>
                    {/* One column for the pair that orders the ladder: the table fits a tablet without scrolling. */}
                    <td data-label="Level · progress" className="ladder-rung">
                      {f.level} · {f.progress}
                    </td>
                    <td data-label="Name">{f.name}</td>
                    <td data-label="Muscle group">{f.muscle_group_name}</td>
                    <td data-label="Range" className="ladder-range">
                      {f.min}–{f.max} {rangeUnit(f.reps_or_time)}
                    </td>
                    <td data-label="Members">{f.members_count}</td>
                    <td className="table__actions-cell">
                      <div className="table__actions">
                        <Link href={`/admin/form/${f.id}/edit`} className="button button--ghost button--sm" aria-label={`Edit ${f.name}`}>
                          EDIT
                        </Link>
                        {/* The last form cannot go while members stand on it (the server refuses too). */}
                        {!(meta?.total === 1 && f.members_count > 0) && (
                          <Button variant="danger" size="sm" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)}>
                            DELETE
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.isPending && <Spinner label="Loading the forms" />}
            {list.isError && !list.data && <p className="empty">Data could not be found.</p>}
            {list.isSuccess && rows.length === 0 && <p className="empty">This group has no forms yet.</p>}
          </div>
          {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => query.go({ page })} label="Form pages" />}
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete form?"
        text={deleting ? deleteConsequence(deleting, meta?.total ?? rows.length) : ''}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AdminFormGroup } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { FORM_GROUP_LIST, ladderPath, showConflict } from './ladderShared.ts';
import './forms.css';

/** Form Management: the form groups (exercise ladders), searched by name and paged, with EDIT, FORMS and DELETE. */
export default function FormGroupListPage() {
  const query = useListQuery(FORM_GROUP_LIST);
  const [searchText, setSearchText] = useState(query.search);
  useEffect(() => setSearchText(query.search), [query.search]);
  const [deleting, setDeleting] = useState<AdminFormGroup | null>(null);

  const utils = trpc.useUtils();
  const list = trpc.admin.formGroups.list.useQuery({ page: query.page, search: query.search }, { placeholderData: keepPreviousData });
  const remove = trpc.admin.formGroups.delete.useMutation();

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    query.go({ search: searchText.trim() });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => {
          toast.success(`Form group ${deleting.name} deleted.`);
          setDeleting(null);
          // The last row of a later page is gone: show the page before it.
          if (rows.length === 1 && query.page > 1) query.go({ page: query.page - 1 });
          void utils.admin.formGroups.list.invalidate();
        },
        onError: (error) => {
          showConflict(error);
          setDeleting(null);
          void utils.admin.formGroups.list.invalidate();
        },
      },
    );
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader
        title="Form Management"
        actions={
          <Link href="/admin/form_group/create" className="button button--primary">
            Create form group
          </Link>
        }
      />

      <div className="toolbar">
        <form className="toolbar__search" role="search" onSubmit={submitSearch}>
          <label htmlFor="form-group-search" className="visually-hidden">
            Search form groups by name
          </label>
          <input
            id="form-group-search"
            type="search"
            className="field__input"
            placeholder="Search form groups"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            <SearchIcon /> Search
          </button>
        </form>
      </div>

      <div className="table-wrap" aria-busy={list.isFetching || undefined}>
        <table className="table">
          <caption className="visually-hidden">
            Form groups{meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Name</th>
              <th scope="col">Exercise type</th>
              <th scope="col">Forms</th>
              <th scope="col">Video</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.id}>
                <td data-label="ID">{g.id}</td>
                <td data-label="Name">{g.name}</td>
                <td data-label="Exercise type">{g.exercise_type_name}</td>
                <td data-label="Forms">{g.forms_count}</td>
                <td data-label="Video">{g.video_id || g.video_link ? 'Yes' : <span className="muted">None</span>}</td>
                <td className="table__actions-cell">
                  <div className="table__actions">
                    <Link href={`/admin/form_group/${g.id}/edit`} className="button button--ghost button--sm" aria-label={`Edit ${g.name}`}>
                      EDIT
                    </Link>
                    <Link href={ladderPath(g.id)} className="button button--secondary button--sm" aria-label={`Forms of ${g.name}`}>
                      FORMS
                    </Link>
                    {g.deletable && (
                      <Button variant="danger" size="sm" aria-label={`Delete ${g.name}`} onClick={() => setDeleting(g)}>
                        DELETE
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <Spinner label="Loading form groups" />}
        {list.isError && !list.data && <p className="empty">Data could not be found.</p>}
        {list.isSuccess && rows.length === 0 && <p className="empty">No form groups found.</p>}
      </div>

      {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => query.go({ page })} label="Form group pages" />}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete form group?"
        text={deleting ? `${deleting.name} and its ${deleting.forms_count} form${deleting.forms_count === 1 ? '' : 's'} will be deleted. This cannot be undone.` : ''}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

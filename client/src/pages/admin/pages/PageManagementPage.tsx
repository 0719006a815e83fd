import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'wouter';
import { TOAST_MS } from '@evolution/shared/constants';
import type { AdminPage, AdminPageCategoryNode } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/Modal.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { AdminHeader } from '../common/AdminHeader.tsx';
import { useListQuery } from '../common/listQuery.ts';
import { PAGE_MANAGEMENT, categoryParam, flattenCategories, pageAddHref, pageEditHref, pageListHref } from './pageAdmin.ts';
import './pages.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * /admin/page_management?page_category_id={id}&page={n}&search={text}: the content tree on the side, the chosen
 * category's pages in a table with EDIT; ADD and DELETE only in category 4 (technique guides), as the server allows.
 */
export default function PageManagementPage() {
  const query = useListQuery(PAGE_MANAGEMENT);
  const categoryId = categoryParam(query.params.get('page_category_id'));
  const [searchText, setSearchText] = useState(query.search);
  useEffect(() => setSearchText(query.search), [query.search]);
  const [deleting, setDeleting] = useState<AdminPage | null>(null);

  const utils = trpc.useUtils();
  const tree = trpc.admin.pages.categories.useQuery(undefined, { staleTime: 5 * 60_000 });
  const classes = trpc.admin.pages.phaseClasses.useQuery(undefined, { staleTime: 5 * 60_000 });
  const category = flattenCategories(tree.data?.data ?? []).find((c) => c.node.id === categoryId) ?? null;
  const list = trpc.admin.pages.list.useQuery(
    { categoryId: categoryId ?? 0, page: query.page, search: query.search },
    { enabled: category !== null, placeholderData: keepPreviousData },
  );
  const remove = trpc.admin.pages.delete.useMutation();

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const className = (id: number | null) => (id === null ? null : (classes.data?.data.find((c) => c.id === id)?.name ?? `#${id}`));

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
          toast.success(`${deleting.title} was deleted.`, TOAST_MS.apiError);
          setDeleting(null);
          // The last row of a later page is gone: show the page before it.
          if (rows.length === 1 && query.page > 1) query.go({ page: query.page - 1 });
          void utils.admin.pages.list.invalidate();
        },
        onError: () => setDeleting(null),
      },
    );
  };

  return (
    <section className="page" aria-labelledby="page-title">
      <AdminHeader
        title="Content Pages"
        actions={
          category?.node.can_add_pages && (
            <Link href={pageAddHref(category.node.id)} className="button button--primary" aria-label={`Add a page to ${category.node.name}`}>
              ADD
            </Link>
          )
        }
      />

      <div className="page-admin">
        <nav className="page-admin__categories panel" aria-label="Page categories">
          <h2 className="page-admin__categories-title">Categories</h2>
          <QueryState query={tree} loading="Loading the categories" />
          {tree.data && <CategoryTree nodes={tree.data.data} current={categoryId} />}
        </nav>

        <div className="page-admin__main">
          {!category && tree.isSuccess && (
            <p className="empty panel">{categoryId === null ? 'Choose a category to see its pages.' : 'Data could not be found.'}</p>
          )}
          {category && (
            <>
              <div className="page-admin__heading">
                <h2 className="page-admin__title">{category.node.name}</h2>
                <p className="muted page-admin__path">{category.path}</p>
              </div>
              <div className="toolbar">
                <form className="toolbar__search" role="search" onSubmit={submitSearch}>
                  <label htmlFor="page-search" className="visually-hidden">
                    Search pages of {category.node.name} by title
                  </label>
                  <input
                    id="page-search"
                    type="search"
                    className="field__input"
                    placeholder="Search titles"
                    value={searchText}
                    onChange={(e) => setSearchText(e.target.value)}
                  />
                  <button type="submit" className="button button--secondary">
                    <SearchIcon /> Search
                  </button>
                </form>
              </div>
              <div className="table-wrap" aria-busy={list.isFetching || undefined}>
                <table className="table page-admin__table">
                  <caption className="visually-hidden">
                    Pages of {category.node.name}
                    {meta ? `, page ${meta.current_page} of ${meta.last_page}, ${meta.total} in all` : ''}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">ID</th>
                      <th scope="col">Title</th>
                      <th scope="col">Class</th>
                      <th scope="col">Updated</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((p) => (
                      <tr key={p.id}>
                        <td data-label="ID">{p.id}</td>
                        <td data-label="Title">
                          <span className="page-admin__name">{p.title}</span>
                        </td>
                        <td data-label="Class">
                          {p.class_id === null ? (
                            <span className="muted">None</span>
                          ) : (
                            <span className="badge">{p.phase !== null ? `Phase ${p.phase}: ` : ''}{className(p.class_id)}</span>
                          )}
                        </td>
                        <td data-label="Updated">{dateFormat.format(new Date(p.updated_at))}</td>
                        <td className="table__actions-cell">
                          <div className="table__actions">
                            <Link href={pageEditHref(p.id)} className="button button--ghost button--sm" aria-label={`Edit ${p.title}`}>
                              EDIT
                            </Link>
                            {p.deletable && (
                              <Button variant="danger" size="sm" aria-label={`Delete ${p.title}`} onClick={() => setDeleting(p)}>
                                DELETE
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {list.isPending && <Spinner label="Loading the pages" />}
                {list.isError && !list.data && <p className="empty">Data could not be found.</p>}
                {list.isSuccess && meta?.total === 0 && (
                  <p className="empty">{query.search ? `No pages of ${category.node.name} match “${query.search}”.` : `No pages in ${category.node.name}.`}</p>
                )}
              </div>
              {meta && <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={(page) => query.go({ page })} label={`${category.node.name} pages`} />}
            </>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete page?"
        text={deleting ? `${deleting.title} will be deleted: members will no longer see it among the technique guides. This cannot be undone.` : ''}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

/** The content tree as links: every category opens its pages. */
function CategoryTree({ nodes, current }: { nodes: readonly AdminPageCategoryNode[]; current: number | null }) {
  return (
    <ul className="page-admin__tree">
      {nodes.map((node) => (
        <li key={node.id}>
          <Link href={pageListHref(node.id)} className="page-admin__category" aria-current={node.id === current ? 'page' : undefined}>
            {node.name}
          </Link>
          {node.children.length > 0 && <CategoryTree nodes={node.children} current={current} />}
        </li>
      ))}
    </ul>
  );
}

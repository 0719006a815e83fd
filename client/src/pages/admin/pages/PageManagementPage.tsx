import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { TECHNIQUE_GUIDE_CATEGORY, TOAST_MS } from '@evolution/shared/constants';
import type { AdminPage } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { DataTable, type Column } from '../../../components/table/DataTable.tsx';
import { toast } from '../../../components/ui/notifier.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { DeleteConfirm } from '../common/DeleteConfirm.tsx';
import { AddLink, EditDeleteActions } from '../common/RowActions.tsx';
import { SearchBox } from '../common/SearchBox.tsx';
import { TreeLayout } from '../common/TreeNav.tsx';
import { readIdParam, useListQuery } from '../common/listQuery.ts';
import { PAGE_MANAGEMENT, flattenCategories, pageAddHref, pageEditHref, pageListHref } from './pageAdmin.ts';
import './pages.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * /admin/page_management?page_category_id={id}&page={n}&search={text}: the content tree on the side, the chosen
 * category's pages in a table with EDIT; ADD and DELETE only in category 4 (technique guides), as the server allows.
 */
export default function PageManagementPage() {
  const query = useListQuery(PAGE_MANAGEMENT);
  const categoryId = readIdParam(query.params.get('page_category_id'));
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
  const className = (id: number | null) =>
    id === null ? null : (classes.data?.data.find((c) => c.id === id)?.name ?? `#${id}`);
  const classLabel = (p: AdminPage) =>
    p.class_id === null ? null : `${p.phase !== null ? `Phase ${p.phase}: ` : ''}${className(p.class_id)}`;
  const classColumn: Column<AdminPage> = {
    key: 'class',
    label: 'Class',
    value: classLabel,
    cell: (p) =>
      p.class_id === null ? <span className="muted">None</span> : <span className="badge">{classLabel(p)}</span>,
  };
  const columns: readonly Column<AdminPage>[] = [
    { key: 'id', label: 'ID', value: (p) => p.id },
    {
      key: 'title',
      label: 'Title',
      value: (p) => p.title,
      cell: (p) => <span className="page-admin__name">{p.title}</span>,
      truncate: true,
    },
    // Only phases have a class: a technique guide never does, so its list has no Class column.
    ...(categoryId === TECHNIQUE_GUIDE_CATEGORY ? [] : [classColumn]),
    {
      key: 'updated',
      label: 'Updated',
      value: (p) => p.updated_at,
      cell: (p) => dateFormat.format(new Date(p.updated_at)),
    },
  ];

  return (
    <AdminScreen
      title="Content Pages"
      actions={
        category?.node.can_add_pages && (
          <AddLink href={pageAddHref(category.node.id)} label={`Add a page to ${category.node.name}`} />
        )
      }
    >
      <TreeLayout
        wide
        label="Page categories"
        title="Categories"
        tree={tree}
        loading="Loading the categories"
        current={categoryId}
        href={pageListHref}
        parents="link"
        unchosen={
          !category && (categoryId === null ? 'Choose a category to see its pages.' : 'Data could not be found.')
        }
      >
        {category && (
          <>
            <div className="page-admin__heading">
              <h2 className="tree-layout__title">{category.node.name}</h2>
              <p className="muted page-admin__path">{category.path}</p>
            </div>
            <div className="toolbar">
              <SearchBox
                id="page-search"
                label={<>Search pages of {category.node.name} by title</>}
                placeholder="Search titles"
                search={query.search}
                onSearch={(search) => query.go({ search })}
              />
            </div>
            <DataTable
              from={list}
              caption={<>Pages of {category.node.name}</>}
              columns={columns}
              actions={(p) => (
                <EditDeleteActions
                  href={pageEditHref(p.id)}
                  name={p.title}
                  onDelete={p.deletable ? () => setDeleting(p) : undefined}
                />
              )}
              list={query}
              className="page-admin__table"
              loading="Loading the pages"
              empty={
                meta?.total
                  ? 'No pages on this page.'
                  : query.search
                    ? `No pages of ${category.node.name} match “${query.search}”.`
                    : `No pages in ${category.node.name}.`
              }
              pagesLabel={`${category.node.name} pages`}
            />
          </>
        )}
      </TreeLayout>

      <DeleteConfirm
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete page?"
        text={(page) =>
          `${page.title} will be deleted: members will no longer see it among the technique guides. This cannot be undone.`
        }
        remove={remove}
        onDeleted={(page) => {
          toast.success(`${page.title} was deleted.`, TOAST_MS.apiError);
          query.leaveEmptiedPage(rows.length);
          void utils.admin.pages.list.invalidate();
        }}
      />
    </AdminScreen>
  );
}

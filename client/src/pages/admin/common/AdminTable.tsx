import type { ReactNode } from 'react';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';

/** The paging part of a paged admin answer. */
export interface PageMeta {
  current_page: number;
  last_page: number;
  total: number;
}

/** A column heading: its text, and a class where the column has one (numbers, columns hidden on phones). */
export type AdminColumn = string | { label: string; className: string };

export interface AdminTableProps {
  /** What the table holds ("Users"); the page and the count follow it when `meta` is given. */
  caption: ReactNode;
  /** The paged answer's meta: said in the caption, and the pages under the table. */
  meta?: PageMeta;
  /** Whether the caption says how many rows there are in all (default yes). */
  captionTotal?: boolean;
  columns: readonly AdminColumn[];
  /** A last column, unnamed on screen, for each row's RowActions. */
  actions?: boolean;
  /** The table's own class beside `table`. */
  className?: string;
  /** While a new page or search loads over the rows shown. */
  busy?: boolean;
  /** With `loading`: the spinner while the first answer loads, and `failed` if it could not. */
  query?: { isPending: boolean; isError: boolean; data?: unknown };
  loading?: string;
  failed?: string;
  /** The line under an empty table, when there is one to say. */
  empty?: ReactNode;
  /** The pages' navigation: what a page number does, and its name. */
  pages?: { onChange: (page: number) => void; label: string };
  /** The rows. */
  children: ReactNode;
}

/**
 * The frame of an admin list: the scrolling wrap, a caption for screen readers with the page and the count, the
 * column headings, the loading, failed and empty lines under the rows, and the pages below.
 */
export function AdminTable({
  caption,
  meta,
  captionTotal = true,
  columns,
  actions,
  className,
  busy,
  query,
  loading,
  failed = 'Data could not be found.',
  empty,
  pages,
  children,
}: AdminTableProps) {
  return (
    <>
      <div className="table-wrap" aria-busy={busy || undefined}>
        <table className={className ? `table ${className}` : 'table'}>
          <caption className="visually-hidden">
            {caption}
            {meta
              ? `, page ${meta.current_page} of ${meta.last_page}${captionTotal ? `, ${meta.total} in all` : ''}`
              : ''}
          </caption>
          <thead>
            <tr>
              {columns.map((column) =>
                typeof column === 'string' ? (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ) : (
                  <th key={column.label} scope="col" className={column.className}>
                    {column.label}
                  </th>
                ),
              )}
              {actions && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
        {query && loading && query.isPending && <Spinner label={loading} />}
        {query && loading && query.isError && !query.data && <p className="empty">{failed}</p>}
        {empty && <p className="empty">{empty}</p>}
      </div>
      {meta && pages && (
        <Pagination page={meta.current_page} lastPage={meta.last_page} onChange={pages.onChange} label={pages.label} />
      )}
    </>
  );
}

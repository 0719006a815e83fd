import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Pagination, useClampToLastPage } from '../ui/Pagination.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import './DataTable.css';

/** The paging part of a paged answer. */
interface PageMeta {
  current_page: number;
  last_page: number;
  total: number;
}

type SortValue = string | number | null | undefined;

/** A column: its heading, what each row shows in it, and what it sorts by. */
export interface Column<Row> {
  /** Names the column in the query string's sort (`?sort=name`, `?sort=-name` for descending). */
  key: string;
  label: string;
  /** The cell's value: what the column sorts by and, without `cell`, what the cell shows. */
  value?: (row: Row) => SortValue;
  /** What the cell shows, where it is more than the value (badges, links, two lines). */
  cell?: (row: Row) => ReactNode;
  /** Long text: one line cut with an ellipsis, the whole value on hover and keyboard focus (and in `title`). */
  truncate?: boolean;
  /** A column with a value that still should not sort (a picture). */
  unsortable?: boolean;
  /** The class of the column's heading and cells (numbers, columns hidden on phones). */
  className?: string;
}

/** The list's state in the query string, as `useListQuery` keeps it: the sort is read there and each page links to it. */
interface TableQuery {
  params: URLSearchParams;
  href: (next: Record<string, string | number | undefined | null>) => string;
}

/** A list's query (a tRPC useQuery): its answer's rows and paging, and whether it is loading. */
interface ListResult<Row> {
  data?: { data: readonly Row[]; meta?: PageMeta };
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
}

interface DataTableProps<Row> {
  /** What the table holds ("Users"); the page and the count follow it when `meta` is given. */
  caption: ReactNode;
  columns: readonly Column<Row>[];
  /** The list's query: the rows, the meta, the loading, failed and empty lines and `busy` all come from it. */
  from?: ListResult<Row>;
  /** The rows, without `from` (a list already loaded). */
  rows?: readonly Row[];
  /** Each row's React key (default: its id). */
  rowKey?: (row: Row) => string | number;
  /** A last column, unnamed on screen, with each row's buttons. */
  actions?: (row: Row) => ReactNode;
  list: TableQuery;
  /** The paged answer's meta: said in the caption, and the pages under the table. */
  meta?: PageMeta;
  /** Whether the caption says how many rows there are in all (default yes). */
  captionTotal?: boolean;
  /** The name of the pages' navigation (with `meta`). */
  pagesLabel?: string;
  /** The table's own class beside `table`. */
  className?: string;
  /** While a new page loads over the rows shown. */
  busy?: boolean;
  /** The list's query: the spinner while its first answer loads, `failed` if it could not, `empty` once it has none. */
  query?: { isPending: boolean; isError: boolean; isSuccess: boolean; data?: unknown };
  loading?: string;
  failed?: string;
  /** The line under the table when the loaded page has no rows. */
  empty: ReactNode;
}

/** `?sort=name` is ascending by name, `?sort=-name` descending; anything else is the list's own order. */
function readSort(value: string | null, keys: readonly string[]): { key: string; descending: boolean } | null {
  if (!value) return null;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return keys.includes(key) ? { key, descending } : null;
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** The rows in the column's order (stable; empty values last whichever way). */
function sortRows<Row>(rows: readonly Row[], value: (row: Row) => SortValue, descending: boolean): readonly Row[] {
  const blank = (v: SortValue) => v === null || v === undefined || v === '';
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      if (blank(a.v) || blank(b.v)) return blank(a.v) === blank(b.v) ? a.index - b.index : blank(a.v) ? 1 : -1;
      const order =
        typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return (descending ? -order : order) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

const sortable = <Row,>(column: Column<Row>): boolean => column.value !== undefined && !column.unsortable;

/**
 * A list's table: sortable headings (the loaded page's rows, with `aria-sort`; the sort kept in the query string),
 * long values cut to one line with the whole on hover and focus, the caption with the page and the count for screen
 * readers, the loading, failed and empty lines, and the pages below as links to `?page=N`.
 */
const byId = (row: unknown): string | number => (row as { id: string | number }).id;

export function DataTable<Row>({
  caption,
  columns,
  from,
  rows = from?.data?.data ?? [],
  rowKey = byId,
  actions,
  list,
  meta = from?.data?.meta,
  captionTotal = true,
  pagesLabel,
  className,
  busy = from?.isFetching,
  query = from,
  loading,
  failed = 'Data could not be found.',
  empty,
}: DataTableProps<Row>) {
  const [, navigate] = useLocation();
  const sort = readSort(
    list.params.get('sort'),
    columns.filter(sortable).map((c) => c.key),
  );
  const sortColumn = sort && columns.find((c) => c.key === sort.key);
  const shown = sort && sortColumn?.value ? sortRows(rows, sortColumn.value, sort.descending) : rows;
  useClampToLastPage(meta, (page) => list.href({ page }));

  return (
    <>
      <div className="table-wrap" aria-busy={busy || undefined}>
        <table className={className ? `table data-table ${className}` : 'table data-table'}>
          <caption className="visually-hidden">
            {caption}
            {meta
              ? `, page ${meta.current_page} of ${meta.last_page}${captionTotal ? `, ${meta.total} in all` : ''}`
              : ''}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const current = sort?.key === column.key ? sort : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.className}
                    aria-sort={current ? (current.descending ? 'descending' : 'ascending') : undefined}
                  >
                    {sortable(column) ? (
                      <button
                        type="button"
                        className="data-table__sort"
                        onClick={() =>
                          navigate(list.href({ sort: current && !current.descending ? `-${column.key}` : column.key }))
                        }
                      >
                        {column.label}
                        <span className="data-table__sort-mark" aria-hidden="true" />
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
              {actions && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} data-label={column.label} className={column.className}>
                    <Cell column={column} row={row} />
                  </td>
                ))}
                {actions && (
                  <td className="table__actions-cell">
                    <div className="table__actions">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {query?.isPending && loading && <Spinner label={loading} />}
        {query?.isError && !query.data && <p className="empty">{failed}</p>}
        {(!query || query.isSuccess) && rows.length === 0 && <p className="empty">{empty}</p>}
      </div>
      {meta && (
        <Pagination
          page={meta.current_page}
          lastPage={meta.last_page}
          href={(page) => list.href({ page })}
          label={pagesLabel}
        />
      )}
    </>
  );
}

/** Marks a value whose text the ellipsis cut, so its tooltip shows (one that fits whole needs none). */
function markCut(event: { currentTarget: HTMLElement }) {
  const text = event.currentTarget.firstElementChild;
  const cut = !!text && (text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1);
  event.currentTarget.toggleAttribute('data-cut', cut);
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const value = column.value?.(row);
  const content = column.cell ? column.cell(row) : value;
  if (!column.truncate || value === null || value === undefined || value === '') return <>{content}</>;
  // Focusable so a keyboard reaches the whole value too; the tooltip is drawn from data-full and hidden from readers.
  return (
    <span
      className="data-table__truncate"
      tabIndex={0}
      title={String(value)}
      data-full={String(value)}
      onPointerEnter={markCut}
      onFocus={markCut}
    >
      <span className="data-table__text">{content}</span>
    </span>
  );
}

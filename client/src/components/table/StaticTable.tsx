import type { ComponentProps, ReactNode } from 'react';

/** A column of a StaticTable: its heading and what each row shows under it. */
export interface StaticColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** The class of the column's cells (not its heading). */
  cellClassName?: string;
}

/**
 * A house table (styles/content.css' .table) of rows already loaded, with no sorting or paging (DataTable does
 * those): each cell carries its heading as `data-label`, which the table shows beside it as a card on a phone.
 */
export function StaticTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  children,
  ...wrap
}: {
  columns: readonly StaticColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** The table's caption element, if it has one. */
  caption?: ReactNode;
  /** What follows the table inside its scrolling wrapper (a note on the rows shown). */
  children?: ReactNode;
} & Omit<ComponentProps<'div'>, 'className' | 'children'>) {
  return (
    <div className="table-wrap" {...wrap}>
      <table className="table">
        {caption}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label} className={c.cellClassName}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </div>
  );
}

import { defineEntity, p, type TriggerDef } from '@mikro-orm/core';

/**
 * How many rows a big table holds, per bucket (users per role, flags per status, the audit log as one bucket): kept
 * exact by statement triggers on the table itself, so an admin list answers its total (and Laravel's last_page) from one row
 * however many members there are, instead of counting the table on every page.
 */
export const RowCount = defineEntity({
  name: 'RowCount',
  tableName: 'row_counts',
  properties: {
    /** The counted table. */
    subject: p.string().length(32).primary(),
    bucket: p.smallint().primary().autoincrement(false),
    rows: p.integer().default(0),
  },
});

/**
 * The statement triggers that keep `table`'s counts in row_counts, under `subject`: the rows a statement added or
 * removed move their bucket's count (`bucket` names the column, or null for one bucket) and a change of that column
 * moves rows between counts, one upsert per statement however many rows it touched. Their functions
 * (row_counts_added, row_counts_removed, row_counts_moved) are the migration admin_user_list's; MikroORM checks these
 * triggers by name.
 */
export function countedRows(table: string, bucket: string | null): TriggerDef[] {
  const args = `'${table}', '${bucket ?? '0'}'`;
  const trigger = (
    name: string,
    event: 'insert' | 'update' | 'delete',
    referencing: string,
    fn: string,
  ): TriggerDef => ({
    name,
    timing: 'after',
    events: [event],
    forEach: 'statement',
    expression: `create trigger "${name}" after ${event} on "${table}" referencing ${referencing} for each statement execute function ${fn}(${args})`,
  });
  return [
    trigger(`${table}_counted_insert`, 'insert', 'new table as added', 'row_counts_added'),
    trigger(`${table}_counted_delete`, 'delete', 'old table as removed', 'row_counts_removed'),
    ...(bucket
      ? [
          trigger(
            `${table}_recounted`,
            'update',
            'old table as before_rows new table as after_rows',
            'row_counts_moved',
          ),
        ]
      : []),
  ];
}

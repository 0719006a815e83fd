import { defineEntity, p, type InferEntity, type TriggerDef } from '@mikro-orm/core';

/**
 * How many rows a big table holds, per bucket (users per role, flags per status, the audit log as one bucket): kept
 * exact by row triggers on the table itself, so an admin list answers its total (and Laravel's last_page) from one row
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
export type IRowCount = InferEntity<typeof RowCount>;

/**
 * The triggers that keep `subject`'s counts in row_counts: a row added or removed moves its bucket's count and, when
 * the bucket is a column (`bucket` names it), a change of that column moves the row between counts. The migration
 * that adds them writes the same functions (MikroORM names each `<table>_<trigger>_fn`).
 */
export function countedRows(subject: string, bucket: string | null): TriggerDef[] {
  const of = (row: 'NEW' | 'OLD') => (bucket ? `${row}.${bucket}` : '0');
  const add = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    `insert into row_counts (subject, bucket, rows) values ('${subject}', ${of(row)}, ${delta}) on conflict (subject, bucket) do update set rows = row_counts.rows + ${delta};`;
  const triggers: TriggerDef[] = [{
    name: `${subject}_counted`,
    timing: 'after',
    events: ['insert', 'delete'],
    forEach: 'row',
    body: `if TG_OP = 'INSERT' then ${add('NEW', 1)} else ${add('OLD', -1)} end if; return null`,
  }];
  if (bucket) {
    triggers.push({
      name: `${subject}_recounted`,
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: `if OLD.${bucket} is distinct from NEW.${bucket} then ${add('OLD', -1)} ${add('NEW', 1)} end if; return null`,
    });
  }
  return triggers;
}

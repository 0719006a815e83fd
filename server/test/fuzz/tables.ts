import type { FastifyInstance } from 'fastify';

/**
 * Tables left out of the before/after comparison, and why: they change on a refusal by design.
 * rate_limits: the sign-in, registration and password-reset throttles count every attempt, refused ones included
 * (that is what a throttle is for); each fuzzed call comes from its own address, so none is refused for it.
 */
const CHANGE_ON_REFUSAL = new Set(['rate_limits']);

/** Row count and an md5 of every row's text, per table of the public schema (all but CHANGE_ON_REFUSAL). */
export type TableSums = Record<string, { rows: number; md5: string }>;

/** Counts and checksums of every table in one query. */
export async function tableSums(app: FastifyInstance): Promise<TableSums> {
  const connection = app.orm.em.fork().getConnection();
  const tables = (
    await connection.execute<{ name: string }[]>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  )
    .map((t) => t.name)
    .filter((name) => !CHANGE_ON_REFUSAL.has(name));
  const sql = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as rows, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5 from "${name}" t`,
    )
    .join(' union all ');
  const rows = await connection.execute<{ name: string; rows: number; md5: string }[]>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), md5: r.md5 }]));
}

/** The tables whose count or checksum differ between two snapshots. */
export function changedTables(before: TableSums, after: TableSums): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (t) => before[t]?.rows !== after[t]?.rows || before[t]?.md5 !== after[t]?.md5,
  );
}

import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import { sql, type Expression } from 'kysely';
import type { AppConfig } from '../config.ts';
import { db } from '../db/kysely.ts';

/**
 * The VO2 relabel: when an admin moves a VO2 max level's range, every recorded VO2 test and chamber
 * snapshot is given the level of its score in the new ranges. At a business's size that is millions of rows, so it is
 * not done in the admin's transaction: the edit commits and queues this job, which walks each table by id in batches,
 * each batch its own short statement that writes only the rows whose level changed. It reads the ranges when it runs,
 * so a second edit while it walks queues one more run (the job key) and the last run leaves every row right.
 */
const VO2_RELABEL_TASK = 'relabel_vo2_history';
/** Queues the relabel on the caller's EntityManager (in its transaction, so an edit that rolls back queues nothing). */
export async function enqueueVo2Relabel(em: EntityManager): Promise<void> {
  // One pending run at most: edits made before it starts are all read by it.
  await sql`select graphile_worker.add_job(${VO2_RELABEL_TASK}, '{}'::json, job_key => ${VO2_RELABEL_TASK}, max_attempts => 10)`.execute(
    db(em),
  );
}

/** The ranges as the rows `b(id, name, level, min, max)`, from their JSON (read once per run). */
const rangesRows = (ranges: string) =>
  sql`jsonb_to_recordset(${ranges}::jsonb) as b(id int, name text, level int, min numeric, max numeric)`;

// The level of a score, as domain/vo2.ts's vo2Level finds it: the first range by rank that holds the score rounded to
// one decimal; a score no range holds has no level.
const levelOf = (ranges: string, score: Expression<unknown>) =>
  sql`(select b.id from ${rangesRows(ranges)}
  where (b.min is null or round(${score}, 1) >= b.min) and (b.max is null or round(${score}, 1) <= b.max) order by b.level, b.id limit 1)`;

/** Each table's relabel of the ids in [from, to): only the rows whose level changes are written. */
const RELABEL = [
  {
    table: 'vo2_tests',
    relabel: (ranges: string, from: number, to: number) => sql`
    update vo2_tests t set level_id = n.id, level_name = n.name
    from (select t2.id as test_id, b.id, b.name from vo2_tests t2
          left join ${rangesRows(ranges)} on b.id = ${levelOf(ranges, sql.ref('t2.score'))}
          where t2.id >= ${from} and t2.id < ${to}) n
    where t.id = n.test_id and (t.level_id is distinct from n.id or t.level_name is distinct from n.name)`,
  },
  {
    table: 'chamber_snapshots',
    relabel: (ranges: string, from: number, to: number) => sql`
    update chamber_snapshots c set vo2level = n.name
    from (select c2.id as snapshot_id, b.name from chamber_snapshots c2
          left join ${rangesRows(ranges)} on b.id = ${levelOf(ranges, sql.ref('c2.vo2score'))}
          where c2.id >= ${from} and c2.id < ${to} and c2.vo2score is not null) n
    where c.id = n.snapshot_id and c.vo2level is distinct from n.name`,
  },
] as const;

/** The relabel task for the job worker's task list (services/jobs.ts). */
export function vo2RelabelTasks(config: Pick<AppConfig, 'batchRows'>, orm: MikroORM): TaskList {
  // Ids per statement (BATCH_ROWS): a batch locks only the rows it changes, for well under a second.
  const batch = config.batchRows;
  return {
    [VO2_RELABEL_TASK]: async () => {
      const kysely = db(orm.em.fork());
      const ranges = JSON.stringify(
        await kysely
          .selectFrom('vo2_max_levels')
          .select(['id', 'level_name as name', 'level', 'min', 'max'])
          .orderBy('level')
          .orderBy('id')
          .execute(),
      );
      for (const { table, relabel } of RELABEL) {
        const span = await kysely
          .selectFrom(table)
          .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
          .executeTakeFirst();
        if (span?.lo == null || span.hi == null) continue;
        for (let from = span.lo; from <= span.hi; from += batch) {
          await relabel(ranges, from, from + batch).execute(kysely);
        }
      }
    },
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskList } from 'graphile-worker';
import type { AppConfig } from '../config.ts';

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
  await em.execute(`select graphile_worker.add_job(?, '{}'::json, job_key => ?, max_attempts => 10)`, [
    VO2_RELABEL_TASK,
    VO2_RELABEL_TASK,
  ]);
}

// The level of a score, as domain/vo2.ts's vo2Level finds it: the first range by rank that holds the score rounded to
// one decimal; a score no range holds has no level. `$1` is the ranges as JSON, read once per run.
const LEVEL_OF = (
  score: string,
) => `(select b.id from jsonb_to_recordset($1::jsonb) as b(id int, name text, level int, min numeric, max numeric)
  where (b.min is null or round(${score}, 1) >= b.min) and (b.max is null or round(${score}, 1) <= b.max) order by b.level, b.id limit 1)`;

const RELABEL = {
  vo2_tests: `
    update vo2_tests t set level_id = n.id, level_name = n.name
    from (select t2.id as test_id, b.id, b.name from vo2_tests t2
          left join jsonb_to_recordset($1::jsonb) as b(id int, name text, level int, min numeric, max numeric) on b.id = ${LEVEL_OF('t2.score')}
          where t2.id >= $2 and t2.id < $3) n
    where t.id = n.test_id and (t.level_id is distinct from n.id or t.level_name is distinct from n.name)`,
  chamber_snapshots: `
    update chamber_snapshots c set vo2level = n.name
    from (select c2.id as snapshot_id, b.name from chamber_snapshots c2
          left join jsonb_to_recordset($1::jsonb) as b(id int, name text, level int, min numeric, max numeric) on b.id = ${LEVEL_OF('c2.vo2score')}
          where c2.id >= $2 and c2.id < $3 and c2.vo2score is not null) n
    where c.id = n.snapshot_id and c.vo2level is distinct from n.name`,
} as const;

/** The relabel task for the job worker's task list (services/jobs.ts). */
export function vo2RelabelTasks(config: Pick<AppConfig, 'batchRows'>): TaskList {
  // Ids per statement (BATCH_ROWS): a batch locks only the rows it changes, for well under a second.
  const batch = config.batchRows;
  return {
    [VO2_RELABEL_TASK]: async (_payload, helpers) => {
      const ranges = await helpers.withPgClient(
        async (client) =>
          (await client.query('select id, level_name as name, level, min, max from vo2_max_levels order by level, id'))
            .rows,
      );
      for (const [table, sql] of Object.entries(RELABEL)) {
        const {
          rows: [span],
        } = await helpers.withPgClient((client) =>
          client.query<{ lo: number | null; hi: number | null }>(`select min(id) as lo, max(id) as hi from ${table}`),
        );
        if (span?.lo == null || span.hi == null) continue;
        for (let from = span.lo; from <= span.hi; from += batch) {
          await helpers.withPgClient((client) => client.query(sql, [JSON.stringify(ranges), from, from + batch]));
        }
      }
    },
  };
}

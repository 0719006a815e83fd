import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

const pools = new WeakMap<object, Promise<pg.Pool>>();

/**
 * Runs a read on the ORM's own `pg` pool, skipping the query builder and the ORM's executor: for hot reads outside
 * any transaction that only shape rows into an answer (measured: the executor was an eighth of a start-up call).
 * Placeholders are PostgreSQL's ($1, $2...). Inside a transaction use `em.execute`, which runs on its connection.
 */
export async function readRows<R>(em: EntityManager, sql: string, params: unknown[] = []): Promise<R[]> {
  let pool = pools.get(em.config);
  if (!pool) {
    pool = em.getConnection().getNativeClient() as Promise<pg.Pool>;
    pools.set(em.config, pool);
    // A pool that could not be reached (the database down at start) is asked for again next time.
    pool.catch(() => pools.delete(em.config));
  }
  return (await (await pool).query(sql, params)).rows as R[];
}

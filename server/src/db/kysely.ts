import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type ColumnType, type Compilable, type CompiledQuery, type Generated, type Kysely } from 'kysely';
import type * as schema from '../entities/index.ts';

/** A timestamp as it comes back: MikroORM's pool keeps PostgreSQL's text (its type parsers leave dates raw). */
type AsText<S> = S extends Date ? string : S;

/** One column as read and written through the pool: timestamps read as text, written as a Date or text. */
type Column<V> = [Extract<V extends ColumnType<infer S, unknown, unknown> ? S : V, Date>] extends [never]
  ? V
  : V extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<AsText<S>, I | string, U | string>
    : ColumnType<AsText<V>, V | string, V | string>;

type Tables = InferKyselyDB<Exclude<(typeof schema)[keyof typeof schema], unknown[]>>;

/** A serial key: the entities leave it to its sequence, so an insert may omit it. */
type Key<C, V> = C extends 'id' ? ([V] extends [number] ? Generated<number> : V) : V;

/** Every table, typed from the entity definitions: column names snake_cased, relations as their `_id` columns. */
export type Database = { [T in keyof Tables]: { [C in keyof Tables[T]]: Key<C, Column<Tables[T][C]>> } };

/** The typed query builder on this request's connection (its transaction, when inside one). */
export function db(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>();
}

/** The n-th value a prepared query takes at each run; it stands in for the value while the query is built. */
class Param {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

/**
 * A query built and compiled once and then run with new values, for the hottest reads: building and compiling a
 * query with Kysely costs 30-40 µs a call on the bench machine, an eighth of a start-up call. `query` is called once,
 * with stand-ins for its values, which must reach the SQL only as values (a where, a limit), never steer how it is
 * built. The SQL is Kysely's, untouched; each run swaps its own values in for the stand-ins.
 */
export function prepared<A extends unknown[], R>(
  query: (db: Kysely<Database>, ...values: A) => Compilable<R>,
): (em: EntityManager, ...values: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  return async (em, ...values) => {
    const kysely = db(em);
    // The stand-ins are typed as the values they stand for: Kysely only carries them into the parameter list.
    compiled ??= query(kysely, ...(values.map((_, i) => new Param(i)) as A)).compile();
    const parameters = compiled.parameters.map((p) => (p instanceof Param ? values[p.index] : p));
    return (await kysely.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}

/** The database's clock (the transaction's start), as a timestamp column reads. */
export const now = () => sql<string>`now()`;

/**
 * The statuses a live subscription has, written into the SQL as literals: the partial index subscriptions_live_plan
 * (entities/Subscription.ts) spells them so, and the planner uses it only for a query that does too.
 */
export const liveSubscriptionStatuses = () => [sql.lit('active' as const), sql.lit('trialing' as const)];

/** `any($1::int[])`: a list of ids as one array parameter, so a statement's text is the same for any number of them. */
export const anyOf = (ids: readonly number[]) => sql<number>`any(${ids}::int[])`;

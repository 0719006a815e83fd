import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Database, prepared } from './kysely.ts';

/** A Kysely that runs nothing: it keeps each query it is handed and answers no rows. */
function recording() {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      sent.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const kysely = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  // prepared() reaches Kysely through the request's EntityManager; only getKysely is used.
  return { sent, em: { getKysely: () => kysely } as unknown as EntityManager };
}

describe('prepared()', () => {
  it('builds a query once and runs it with each call’s own values, in the order the query takes them', async () => {
    const { sent, em } = recording();
    let builds = 0;
    const readForms = prepared((kysely, userId: number, groupId: number) => {
      builds += 1;
      return kysely
        .selectFrom('member_forms')
        .select(['form_group_id', 'form_id'])
        .where('user_id', '=', userId)
        .where('form_group_id', '=', groupId)
        .limit(5);
    });
    await readForms(em, 7, 3);
    await readForms(em, 42, 9);
    expect(builds).toBe(1);
    expect(sent.map((q) => q.sql)).toEqual([
      'select "form_group_id", "form_id" from "member_forms" where "user_id" = $1 and "form_group_id" = $2 limit $3',
      'select "form_group_id", "form_id" from "member_forms" where "user_id" = $1 and "form_group_id" = $2 limit $3',
    ]);
    expect(sent.map((q) => q.parameters)).toEqual([
      [7, 3, 5],
      [42, 9, 5],
    ]);
  });
});

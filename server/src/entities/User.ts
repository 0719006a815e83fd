import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { countedRows } from './RowCount.ts';
import { timestamps } from './properties.ts';

/** An account: a member (role 1) or an admin (role 2). Email is stored lower-cased, so uniqueness is case-insensitive. */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary(),
    email: p.string().length(255).unique(),
    name: p.string().length(255),
    password: p.string().length(255).hidden().lazy(),
    role: p.smallint().default(1),
    initialSetup: p.smallint().default(1),
    initialSetupStep: p.smallint().default(1),
    /** An admin's per-user overrides (evolution_page, micro_data, channels): true forced on, false off, missing = the plan. */
    access: p
      .json<Record<string, boolean>>()
      .onCreate(() => ({}))
      .defaultRaw(`'{}'`),
    /** Bumped on password change: every token issued before carries an older version and is refused. */
    tokenVersion: p.integer().default(0),
    ...timestamps(),
  },
  // Users per role (row_counts): the admin user list's total.
  triggers: countedRows('users', 'role'),
  // The admin's contains-search on name and email (pg_trgm, migration admin_user_list).
  indexes: [
    {
      name: 'users_name_trgm',
      expression: 'create index "users_name_trgm" on "users" using gin ("name" gin_trgm_ops) with (fastupdate = off)',
    },
    {
      name: 'users_email_trgm',
      expression: 'create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops) with (fastupdate = off)',
    },
    // The list of admins only (ten among half a million), newest first.
    { properties: ['role', 'id'] },
  ],
});
export type IUser = InferEntity<typeof User>;

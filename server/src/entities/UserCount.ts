import { defineEntity, p, type InferEntity, type TriggerDef } from '@mikro-orm/core';

/**
 * The triggers on users that keep user_counts exact: a user added or removed moves their role's count, and a change of
 * role moves them between counts.
 */
export const usersCounted: TriggerDef[] = [
  {
    name: 'users_counted',
    timing: 'after',
    events: ['insert', 'delete'],
    forEach: 'row',
    body: `if TG_OP = 'INSERT' then
        insert into user_counts (role, users) values (NEW.role, 1) on conflict (role) do update set users = user_counts.users + 1;
      else
        update user_counts set users = users - 1 where role = OLD.role;
      end if;
      return null`,
  },
  {
    name: 'users_recounted',
    timing: 'after',
    events: ['update'],
    forEach: 'row',
    body: `if OLD.role is distinct from NEW.role then
        update user_counts set users = users - 1 where role = OLD.role;
        insert into user_counts (role, users) values (NEW.role, 1) on conflict (role) do update set users = user_counts.users + 1;
      end if;
      return null`,
  },
];

/**
 * How many users have each role: kept exact by the triggers above on users (migration admin_user_list), so the admin
 * user list's total, and so Laravel's last_page, costs one row to read however many members there are.
 */
export const UserCount = defineEntity({
  name: 'UserCount',
  tableName: 'user_counts',
  properties: {
    role: p.smallint().primary().autoincrement(false),
    users: p.integer().default(0),
  },
});
export type IUserCount = InferEntity<typeof UserCount>;

import { defineEntity, p, type InferEntity, type TriggerDef } from '@mikro-orm/core';

/**
 * The triggers on assistance_flags that keep flag_counts exact: a flag opened or deleted moves its status's count, and
 * a flag closed (or reopened) moves it between counts.
 */
export const flagsCounted: TriggerDef[] = [
  {
    name: 'flags_counted',
    timing: 'after',
    events: ['insert', 'delete'],
    forEach: 'row',
    body: `if TG_OP = 'INSERT' then
        insert into flag_counts (status, flags) values (NEW.status, 1) on conflict (status) do update set flags = flag_counts.flags + 1;
      else
        update flag_counts set flags = flags - 1 where status = OLD.status;
      end if;
      return null`,
  },
  {
    name: 'flags_recounted',
    timing: 'after',
    events: ['update'],
    forEach: 'row',
    body: `if OLD.status is distinct from NEW.status then
        update flag_counts set flags = flags - 1 where status = OLD.status;
        insert into flag_counts (status, flags) values (NEW.status, 1) on conflict (status) do update set flags = flag_counts.flags + 1;
      end if;
      return null`,
  },
];

/**
 * How many assistance flags are open and closed: kept exact by the triggers above (migration admin_flag_list), so the
 * admin's flag list answers its total, and so last_page, from one row however many flags there are.
 */
export const FlagCount = defineEntity({
  name: 'FlagCount',
  tableName: 'flag_counts',
  properties: {
    status: p.smallint().primary().autoincrement(false),
    flags: p.integer().default(0),
  },
});
export type IFlagCount = InferEntity<typeof FlagCount>;

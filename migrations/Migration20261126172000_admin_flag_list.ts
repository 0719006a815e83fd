import { Migration } from '@mikro-orm/migrations';

export class Migration20261126172000_admin_flag_list extends Migration {

  override name = 'Migration20261126172000_admin_flag_list';

  override up(): void | Promise<void> {
    // The admin's queue is read in its own order (open first, most recently active first), not sorted from every flag.
    this.addSql(`drop index "assistance_flags_status_created_at_index";`);
    this.addSql(`create index "assistance_flags_queue" on "assistance_flags" ("status", "updated_at" desc, "id" desc);`);

    // How many flags are open and closed, kept exact by the triggers below, so the list's last_page costs one row.
    this.addSql(`create table "flag_counts" ("status" smallint not null, "flags" integer not null default 0, constraint "flag_counts_pkey" primary key ("status"));`);
    this.addSql(`insert into "flag_counts" ("status", "flags") select "status", count(*) from "assistance_flags" group by "status";`);
    // Triggers as the entities declare them (entities/FlagCount.ts): MikroORM names each function <table>_<trigger>_fn.
    this.addSql(`create or replace function "assistance_flags_flags_counted_fn"() returns trigger as $$ begin if TG_OP = 'INSERT' then
        insert into flag_counts (status, flags) values (NEW.status, 1) on conflict (status) do update set flags = flag_counts.flags + 1;
      else
        update flag_counts set flags = flags - 1 where status = OLD.status;
      end if;
      return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "flags_counted" AFTER INSERT OR DELETE on "assistance_flags" for each ROW execute function "assistance_flags_flags_counted_fn"();`);
    this.addSql(`create or replace function "assistance_flags_flags_recounted_fn"() returns trigger as $$ begin if OLD.status is distinct from NEW.status then
        update flag_counts set flags = flags - 1 where status = OLD.status;
        insert into flag_counts (status, flags) values (NEW.status, 1) on conflict (status) do update set flags = flag_counts.flags + 1;
      end if;
      return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "flags_recounted" AFTER UPDATE on "assistance_flags" for each ROW execute function "assistance_flags_flags_recounted_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "flags_recounted" on "assistance_flags"; drop function "assistance_flags_flags_recounted_fn"();`);
    this.addSql(`drop trigger "flags_counted" on "assistance_flags"; drop function "assistance_flags_flags_counted_fn"();`);
    this.addSql(`drop table "flag_counts";`);
    this.addSql(`drop index "assistance_flags_queue";`);
    this.addSql(`create index "assistance_flags_status_created_at_index" on "assistance_flags" ("status", "created_at");`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126172000_admin_flag_list extends Migration {

  override name = 'Migration20261126172000_admin_flag_list';

  override up(): void | Promise<void> {
    // The admin's queue is read in its own order (open first, most recently active first), not sorted from every flag.
    this.addSql(`drop index "assistance_flags_status_created_at_index";`);
    this.addSql(`create index "assistance_flags_queue" on "assistance_flags" ("status", "updated_at" desc, "id" desc);`);

    // Flags counted per status in row_counts (entities/RowCount.ts).
    this.addSql(`insert into "row_counts" ("subject", "bucket", "rows") select 'assistance_flags', "status", count(*) from "assistance_flags" group by "status";`);
    this.addSql(`create or replace function "assistance_flags_assistance_flags_counted_fn"() returns trigger as $$ begin if TG_OP = 'INSERT' then insert into row_counts (subject, bucket, rows) values ('assistance_flags', NEW.status, 1) on conflict (subject, bucket) do update set rows = row_counts.rows + 1; else insert into row_counts (subject, bucket, rows) values ('assistance_flags', OLD.status, -1) on conflict (subject, bucket) do update set rows = row_counts.rows + -1; end if; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "assistance_flags_counted" AFTER INSERT OR DELETE on "assistance_flags" for each ROW execute function "assistance_flags_assistance_flags_counted_fn"();`);
    this.addSql(`create or replace function "assistance_flags_assistance_flags_recounted_fn"() returns trigger as $$ begin if OLD.status is distinct from NEW.status then insert into row_counts (subject, bucket, rows) values ('assistance_flags', OLD.status, -1) on conflict (subject, bucket) do update set rows = row_counts.rows + -1; insert into row_counts (subject, bucket, rows) values ('assistance_flags', NEW.status, 1) on conflict (subject, bucket) do update set rows = row_counts.rows + 1; end if; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "assistance_flags_recounted" AFTER UPDATE on "assistance_flags" for each ROW execute function "assistance_flags_assistance_flags_recounted_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "assistance_flags_recounted" on "assistance_flags"; drop function "assistance_flags_assistance_flags_recounted_fn"();`);
    this.addSql(`drop trigger "assistance_flags_counted" on "assistance_flags"; drop function "assistance_flags_assistance_flags_counted_fn"();`);
    this.addSql(`delete from "row_counts" where "subject" = 'assistance_flags';`);
    this.addSql(`drop index "assistance_flags_queue";`);
    this.addSql(`create index "assistance_flags_status_created_at_index" on "assistance_flags" ("status", "created_at");`);
  }

}

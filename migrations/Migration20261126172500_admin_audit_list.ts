import { Migration } from '@mikro-orm/migrations';

export class Migration20261126172500_admin_audit_list extends Migration {

  override name = 'Migration20261126172500_admin_audit_list';

  override up(): void | Promise<void> {
    // One admin's or one member's reads, newest first, walked in index order rather than sorted.
    this.addSql(`drop index "audit_log_admin_id_index";`);
    this.addSql(`drop index "audit_log_member_id_index";`);
    this.addSql(`create index "audit_log_admin_id_id_index" on "audit_log" ("admin_id", "id");`);
    this.addSql(`create index "audit_log_member_id_id_index" on "audit_log" ("member_id", "id");`);

    // The whole log's size in row_counts (entities/RowCount.ts), one bucket.
    this.addSql(`insert into "row_counts" ("subject", "bucket", "rows") select 'audit_log', 0, count(*) from "audit_log";`);
    this.addSql(`create or replace function "audit_log_audit_log_counted_fn"() returns trigger as $$ begin if TG_OP = 'INSERT' then insert into row_counts (subject, bucket, rows) values ('audit_log', 0, 1) on conflict (subject, bucket) do update set rows = row_counts.rows + 1; else insert into row_counts (subject, bucket, rows) values ('audit_log', 0, -1) on conflict (subject, bucket) do update set rows = row_counts.rows + -1; end if; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "audit_log_counted" AFTER INSERT OR DELETE on "audit_log" for each ROW execute function "audit_log_audit_log_counted_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "audit_log_counted" on "audit_log"; drop function "audit_log_audit_log_counted_fn"();`);
    this.addSql(`delete from "row_counts" where "subject" = 'audit_log';`);
    this.addSql(`drop index "audit_log_member_id_id_index";`);
    this.addSql(`drop index "audit_log_admin_id_id_index";`);
    this.addSql(`create index "audit_log_member_id_index" on "audit_log" ("member_id");`);
    this.addSql(`create index "audit_log_admin_id_index" on "audit_log" ("admin_id");`);
  }

}

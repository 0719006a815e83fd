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
    this.addSql(
      `insert into "row_counts" ("subject", "bucket", "rows") select 'audit_log', 0, count(*) from "audit_log";`,
    );
    this.addSql(
      `create trigger "audit_log_counted_insert" after insert on "audit_log" referencing new table as added for each statement execute function row_counts_added('audit_log', '0');`,
    );
    this.addSql(
      `create trigger "audit_log_counted_delete" after delete on "audit_log" referencing old table as removed for each statement execute function row_counts_removed('audit_log', '0');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "audit_log_counted_delete" on "audit_log";`);
    this.addSql(`drop trigger "audit_log_counted_insert" on "audit_log";`);
    this.addSql(`delete from "row_counts" where "subject" = 'audit_log';`);
    this.addSql(`drop index "audit_log_member_id_id_index";`);
    this.addSql(`drop index "audit_log_admin_id_id_index";`);
    this.addSql(`create index "audit_log_member_id_index" on "audit_log" ("member_id");`);
    this.addSql(`create index "audit_log_admin_id_index" on "audit_log" ("admin_id");`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126172000_admin_flag_list extends Migration {
  override name = 'Migration20261126172000_admin_flag_list';

  override up(): void | Promise<void> {
    // The admin's queue is read in its own order (open first, most recently active first), not sorted from every flag.
    this.addSql(`drop index "assistance_flags_status_created_at_index";`);
    this.addSql(
      `create index "assistance_flags_queue" on "assistance_flags" ("status", "updated_at" desc, "id" desc);`,
    );

    // Flags counted per status in row_counts (entities/RowCount.ts).
    this.addSql(
      `insert into "row_counts" ("subject", "bucket", "rows") select 'assistance_flags', "status", count(*) from "assistance_flags" group by "status";`,
    );
    this.addSql(
      `create trigger "assistance_flags_counted_insert" after insert on "assistance_flags" referencing new table as added for each statement execute function row_counts_added('assistance_flags', 'status');`,
    );
    this.addSql(
      `create trigger "assistance_flags_counted_delete" after delete on "assistance_flags" referencing old table as removed for each statement execute function row_counts_removed('assistance_flags', 'status');`,
    );
    this.addSql(
      `create trigger "assistance_flags_recounted" after update on "assistance_flags" referencing old table as before_rows new table as after_rows for each statement execute function row_counts_moved('assistance_flags', 'status');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "assistance_flags_recounted" on "assistance_flags";`);
    this.addSql(`drop trigger "assistance_flags_counted_delete" on "assistance_flags";`);
    this.addSql(`drop trigger "assistance_flags_counted_insert" on "assistance_flags";`);
    this.addSql(`delete from "row_counts" where "subject" = 'assistance_flags';`);
    this.addSql(`drop index "assistance_flags_queue";`);
    this.addSql(
      `create index "assistance_flags_status_created_at_index" on "assistance_flags" ("status", "created_at");`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126171500_admin_user_list extends Migration {
  override name = 'Migration20261126171500_admin_user_list';

  override up(): void | Promise<void> {
    // The admin's contains-search on name and email reads a trigram index instead of every user; written through at
    // once (no pending list), so a search after a big import is as fast as any other.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "users_name_trgm" on "users" using gin ("name" gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops) with (fastupdate = off);`);

    // Row counts of the big tables, per bucket, kept exact by statement triggers (entities/RowCount.ts), so an admin list's
    // total costs one row. Users are counted per role.
    this.addSql(
      `create table "row_counts" ("subject" varchar(32) not null, "bucket" smallint not null, "rows" int not null default 0, constraint "row_counts_pkey" primary key ("subject", "bucket"));`,
    );
    this.addSql(
      `insert into "row_counts" ("subject", "bucket", "rows") select 'users', "role", count(*) from "users" group by "role";`,
    );
    // One upsert per statement, whatever the number of rows: the transition tables hold what the statement changed.
    this.addSql(`create function row_counts_added() returns trigger language plpgsql as $$ begin
      execute format('insert into row_counts (subject, bucket, rows) select %L, %s, count(*) from added group by 2 on conflict (subject, bucket) do update set rows = row_counts.rows + excluded.rows', TG_ARGV[0], TG_ARGV[1]);
      return null; end $$;`);
    this.addSql(`create function row_counts_removed() returns trigger language plpgsql as $$ begin
      execute format('insert into row_counts (subject, bucket, rows) select %L, %s, -count(*) from removed group by 2 on conflict (subject, bucket) do update set rows = row_counts.rows + excluded.rows', TG_ARGV[0], TG_ARGV[1]);
      return null; end $$;`);
    this.addSql(`create function row_counts_moved() returns trigger language plpgsql as $$ begin
      execute format('insert into row_counts (subject, bucket, rows) select %1$L, bucket, sum(d) from (select a.%2$I as bucket, 1 as d from after_rows a join before_rows b using (id) where a.%2$I is distinct from b.%2$I union all select b.%2$I, -1 from after_rows a join before_rows b using (id) where a.%2$I is distinct from b.%2$I) moved group by bucket on conflict (subject, bucket) do update set rows = row_counts.rows + excluded.rows', TG_ARGV[0], TG_ARGV[1]);
      return null; end $$;`);
    this.addSql(
      `create trigger "users_counted_insert" after insert on "users" referencing new table as added for each statement execute function row_counts_added('users', 'role');`,
    );
    this.addSql(
      `create trigger "users_counted_delete" after delete on "users" referencing old table as removed for each statement execute function row_counts_removed('users', 'role');`,
    );
    this.addSql(
      `create trigger "users_recounted" after update on "users" referencing old table as before_rows new table as after_rows for each statement execute function row_counts_moved('users', 'role');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "users_recounted" on "users";`);
    this.addSql(`drop trigger "users_counted_delete" on "users";`);
    this.addSql(`drop trigger "users_counted_insert" on "users";`);
    this.addSql(
      `drop function row_counts_moved(); drop function row_counts_removed(); drop function row_counts_added();`,
    );
    this.addSql(`drop table "row_counts";`);
    this.addSql(`drop index "users_email_trgm";`);
    this.addSql(`drop index "users_name_trgm";`);
  }
}

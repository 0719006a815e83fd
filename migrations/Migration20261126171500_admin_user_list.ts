import { Migration } from '@mikro-orm/migrations';

export class Migration20261126171500_admin_user_list extends Migration {

  override name = 'Migration20261126171500_admin_user_list';

  override up(): void | Promise<void> {
    // The admin's contains-search on name and email reads a trigram index instead of every user.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "users_name_trgm" on "users" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops);`);

    // Row counts of the big tables, per bucket, kept exact by row triggers (entities/RowCount.ts), so an admin list's
    // total costs one row. Users are counted per role.
    this.addSql(`create table "row_counts" ("subject" varchar(32) not null, "bucket" smallint not null, "rows" int not null default 0, constraint "row_counts_pkey" primary key ("subject", "bucket"));`);
    this.addSql(`insert into "row_counts" ("subject", "bucket", "rows") select 'users', "role", count(*) from "users" group by "role";`);
    // As the entities declare them (countedRows): MikroORM names each function <table>_<trigger>_fn.
    this.addSql(`create or replace function "users_users_counted_fn"() returns trigger as $$ begin if TG_OP = 'INSERT' then insert into row_counts (subject, bucket, rows) values ('users', NEW.role, 1) on conflict (subject, bucket) do update set rows = row_counts.rows + 1; else insert into row_counts (subject, bucket, rows) values ('users', OLD.role, -1) on conflict (subject, bucket) do update set rows = row_counts.rows + -1; end if; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "users_counted" AFTER INSERT OR DELETE on "users" for each ROW execute function "users_users_counted_fn"();`);
    this.addSql(`create or replace function "users_users_recounted_fn"() returns trigger as $$ begin if OLD.role is distinct from NEW.role then insert into row_counts (subject, bucket, rows) values ('users', OLD.role, -1) on conflict (subject, bucket) do update set rows = row_counts.rows + -1; insert into row_counts (subject, bucket, rows) values ('users', NEW.role, 1) on conflict (subject, bucket) do update set rows = row_counts.rows + 1; end if; return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "users_recounted" AFTER UPDATE on "users" for each ROW execute function "users_users_recounted_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "users_recounted" on "users"; drop function "users_users_recounted_fn"();`);
    this.addSql(`drop trigger "users_counted" on "users"; drop function "users_users_counted_fn"();`);
    this.addSql(`drop table "row_counts";`);
    this.addSql(`drop index "users_email_trgm";`);
    this.addSql(`drop index "users_name_trgm";`);
  }

}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126171500_admin_user_list extends Migration {

  override name = 'Migration20261126171500_admin_user_list';

  override up(): void | Promise<void> {
    // The admin's contains-search on name and email reads a trigram index instead of every user.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "users_name_trgm" on "users" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops);`);

    // How many users of each role there are, kept exact by the triggers below, so the list's last_page costs one row.
    this.addSql(`create table "user_counts" ("role" smallint not null, "users" integer not null default 0, constraint "user_counts_pkey" primary key ("role"));`);
    this.addSql(`insert into "user_counts" ("role", "users") select "role", count(*) from "users" group by "role";`);
    // Triggers as the entities declare them (entities/UserCount.ts): MikroORM names each function <table>_<trigger>_fn.
    this.addSql(`create or replace function "users_users_counted_fn"() returns trigger as $$ begin if TG_OP = 'INSERT' then
        insert into user_counts (role, users) values (NEW.role, 1) on conflict (role) do update set users = user_counts.users + 1;
      else
        update user_counts set users = users - 1 where role = OLD.role;
      end if;
      return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "users_counted" AFTER INSERT OR DELETE on "users" for each ROW execute function "users_users_counted_fn"();`);
    this.addSql(`create or replace function "users_users_recounted_fn"() returns trigger as $$ begin if OLD.role is distinct from NEW.role then
        update user_counts set users = users - 1 where role = OLD.role;
        insert into user_counts (role, users) values (NEW.role, 1) on conflict (role) do update set users = user_counts.users + 1;
      end if;
      return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "users_recounted" AFTER UPDATE on "users" for each ROW execute function "users_users_recounted_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "users_recounted" on "users"; drop function "users_users_recounted_fn"();`);
    this.addSql(`drop trigger "users_counted" on "users"; drop function "users_users_counted_fn"();`);
    this.addSql(`drop table "user_counts";`);
    this.addSql(`drop index "users_email_trgm";`);
    this.addSql(`drop index "users_name_trgm";`);
  }

}

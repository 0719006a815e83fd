import { Migration } from '@mikro-orm/migrations';

export class Migration20261123115646_assistance_flags extends Migration {
  override name = 'Migration20261123115646_assistance_flags';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "assistance_flags" ("id" serial primary key, "user_id" int not null, "subject" varchar(255) not null, "message" text not null, "status" smallint not null default 0, "closed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "assistance_flags_user_id_index" on "assistance_flags" ("user_id");`);
    this.addSql(
      `create index "assistance_flags_status_created_at_index" on "assistance_flags" ("status", "created_at");`,
    );

    this.addSql(
      `create table "flag_responses" ("id" serial primary key, "flag_id" int not null, "author_id" int null, "by_coach" boolean not null, "message" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "flag_responses_flag_id_index" on "flag_responses" ("flag_id");`);

    this.addSql(
      `alter table "assistance_flags" add constraint "assistance_flags_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "flag_responses" add constraint "flag_responses_flag_id_foreign" foreign key ("flag_id") references "assistance_flags" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "flag_responses" add constraint "flag_responses_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "flag_responses" drop constraint "flag_responses_flag_id_foreign";`);

    this.addSql(`drop table if exists "assistance_flags" cascade;`);
    this.addSql(`drop table if exists "flag_responses" cascade;`);
  }
}

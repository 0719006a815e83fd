import { Migration } from '@mikro-orm/migrations';

export class Migration20261127020000_personal_access_tokens extends Migration {
  override name = 'Migration20261127020000_personal_access_tokens';

  override up(): void | Promise<void> {
    // Personal access tokens (Sanctum's): read by primary key with the token check, listed by user.
    this.addSql(
      `create table "personal_access_tokens" ("id" serial primary key, "user_id" int not null, "name" varchar(255) not null, "token" varchar(64) not null, "abilities" jsonb not null, "last_used_at" timestamptz null, "expires_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "personal_access_tokens_user_id_index" on "personal_access_tokens" ("user_id");`);

    this.addSql(
      `alter table "personal_access_tokens" add constraint "personal_access_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "personal_access_tokens" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261127043337_remembered_tokens extends Migration {
  override name = 'Migration20261127043337_remembered_tokens';

  override up(): void | Promise<void> {
    // The last use of each remember-me token (read by primary key with the token check), purged once it expires.
    this.addSql(
      `create table "remembered_tokens" ("jti" varchar(64) not null, "last_used_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("jti"));`,
    );
    this.addSql(`create index "remembered_tokens_expires_at_index" on "remembered_tokens" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "remembered_tokens" cascade;`);
  }
}

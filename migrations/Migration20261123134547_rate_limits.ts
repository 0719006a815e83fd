import { Migration } from '@mikro-orm/migrations';

export class Migration20261123134547_rate_limits extends Migration {
  override name = 'Migration20261123134547_rate_limits';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "rate_limits" ("key" text not null, "points" int not null default 0, "expire" bigint null, primary key ("key"));`,
    );
    this.addSql(`create index "rate_limits_expire_index" on "rate_limits" ("expire");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limits" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261126151000_push_subscriptions extends Migration {
  override name = 'Migration20261126151000_push_subscriptions';

  override up(): void | Promise<void> {
    // One row per device that accepted notifications (Web Push): sends walk it in keyset pages by id.
    this.addSql(
      `create table "push_subscriptions" ("id" serial primary key, "user_id" int not null, "endpoint" varchar(2048) not null, "p256dh" varchar(100) not null, "auth" varchar(32) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null);`,
    );
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`,
    );

    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
  }
}

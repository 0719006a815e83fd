import { Migration } from '@mikro-orm/migrations';

export class Migration20261121162327_initial extends Migration {
  override name = 'Migration20261121162327_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "channels" ("id" int not null, "short_name" varchar(64) not null, "name" varchar(255) not null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "channels" add constraint "channels_short_name_unique" unique ("short_name");`);

    this.addSql(
      `create table "plans" ("id" int not null, "channel_id" int not null, "name" varchar(255) not null, "amount_pence" int not null, "interval" text not null, "interval_count" smallint not null default 1, "active" boolean not null default true, "stripe_price_id" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "email" varchar(255) not null, "name" varchar(255) not null, "password" varchar(255) not null, "role" smallint not null default 1, "initial_setup" smallint not null default 1, "initial_setup_step" smallint not null default 1, "access" jsonb not null default '{}', "token_version" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "subscriptions" ("id" serial primary key, "user_id" int not null, "channel_id" int not null, "plan_id" int not null, "status" text not null, "provider" varchar(32) not null, "provider_customer_id" varchar(255) null, "provider_subscription_id" varchar(255) null, "start_date" timestamptz not null, "current_period_end" timestamptz not null, "cancel_at_period_end" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "subscriptions" add constraint "subscriptions_user_id_unique" unique ("user_id");`);
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_provider_subscription_id_unique" unique ("provider_subscription_id");`,
    );

    this.addSql(
      `create table "revoked_tokens" ("jti" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("jti"));`,
    );
    this.addSql(`create index "revoked_tokens_expires_at_index" on "revoked_tokens" ("expires_at");`);

    this.addSql(
      `create table "evolutions" ("id" serial primary key, "user_id" int not null, "evolution" int not null default 1, "version" int not null default 1, "phase" int not null default 1, "need_calibration" boolean not null default true, "number_of_sets" smallint not null default 12, "pending_number_of_sets" smallint null, "start_date" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "evolutions" add constraint "evolutions_user_id_unique" unique ("user_id");`);

    this.addSql(
      `alter table "plans" add constraint "plans_channel_id_foreign" foreign key ("channel_id") references "channels" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "plans" add constraint "plans_interval_check" check ("interval" in ('month', 'year'));`);

    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_channel_id_foreign" foreign key ("channel_id") references "channels" ("id");`,
    );
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_plan_id_foreign" foreign key ("plan_id") references "plans" ("id");`,
    );
    this.addSql(
      `alter table "subscriptions" add constraint "subscriptions_status_check" check ("status" in ('active', 'trialing', 'past_due', 'incomplete', 'canceled', 'unpaid'));`,
    );

    this.addSql(
      `alter table "revoked_tokens" add constraint "revoked_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "evolutions" add constraint "evolutions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "plans" drop constraint "plans_channel_id_foreign";`);
    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_channel_id_foreign";`);
    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_plan_id_foreign";`);
    this.addSql(`alter table "subscriptions" drop constraint "subscriptions_user_id_foreign";`);
    this.addSql(`alter table "revoked_tokens" drop constraint "revoked_tokens_user_id_foreign";`);
    this.addSql(`alter table "evolutions" drop constraint "evolutions_user_id_foreign";`);

    this.addSql(`drop table if exists "channels" cascade;`);
    this.addSql(`drop table if exists "plans" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "subscriptions" cascade;`);
    this.addSql(`drop table if exists "revoked_tokens" cascade;`);
    this.addSql(`drop table if exists "evolutions" cascade;`);
  }
}

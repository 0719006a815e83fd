import { Migration } from '@mikro-orm/migrations';

export class Migration20261123115812_messages extends Migration {
  override name = 'Migration20261123115812_messages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "messages" ("id" serial primary key, "sender_id" int null, "subject" varchar(255) not null, "body" text not null, "recipient_id" int null, "channel_id" int null, "idempotency_key" varchar(100) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "messages_sender_id_index" on "messages" ("sender_id");`);
    this.addSql(`create index "messages_created_at_index" on "messages" ("created_at");`);
    this.addSql(
      `alter table "messages" add constraint "messages_sender_id_idempotency_key_unique" unique ("sender_id", "idempotency_key");`,
    );

    this.addSql(
      `create table "message_recipients" ("id" serial primary key, "message_id" int not null, "user_id" int not null, "read_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "message_recipients_user_id_read_at_index" on "message_recipients" ("user_id", "read_at");`,
    );
    this.addSql(
      `alter table "message_recipients" add constraint "message_recipients_message_id_user_id_unique" unique ("message_id", "user_id");`,
    );

    this.addSql(
      `alter table "messages" add constraint "messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_channel_id_foreign" foreign key ("channel_id") references "channels" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "message_recipients" add constraint "message_recipients_message_id_foreign" foreign key ("message_id") references "messages" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "message_recipients" add constraint "message_recipients_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "message_recipients" drop constraint "message_recipients_message_id_foreign";`);

    this.addSql(`drop table if exists "messages" cascade;`);
    this.addSql(`drop table if exists "message_recipients" cascade;`);
  }
}

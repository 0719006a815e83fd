import { Migration } from '@mikro-orm/migrations';

export class Migration20261126170000_message_delivery extends Migration {
  override name = 'Migration20261126170000_message_delivery';

  override up(): void | Promise<void> {
    // A channel message is delivered by the job queue in keyset pages of the channel's members, a page a job run.
    this.addSql(`create index "subscriptions_channel_id_user_id_index" on "subscriptions" ("channel_id", "user_id");`);

    // Its progress: the audience counted at sending, the recipient rows written so far, and when the last was.
    this.addSql(
      `alter table "messages" add "expected_count" int not null default 0, add "delivered_count" int not null default 0, add "delivered_at" timestamptz null;`,
    );
    // Messages sent before were delivered whole in their sending transaction.
    this
      .addSql(`update "messages" m set "expected_count" = r.n, "delivered_count" = r.n, "delivered_at" = m."created_at"
      from (select m2."id", (select count(*) from "message_recipients" mr where mr."message_id" = m2."id")::int as n from "messages" m2) r
      where r."id" = m."id";`);

    // A mail taken for sending is marked first, so a retried page skips it; earlier messages' mails were all queued.
    this.addSql(`alter table "message_recipients" add "mailed_at" timestamptz null;`);
    this.addSql(`update "message_recipients" set "mailed_at" = "created_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "message_recipients" drop column "mailed_at";`);
    this.addSql(
      `alter table "messages" drop column "expected_count", drop column "delivered_count", drop column "delivered_at";`,
    );
    this.addSql(`drop index "subscriptions_channel_id_user_id_index";`);
  }
}

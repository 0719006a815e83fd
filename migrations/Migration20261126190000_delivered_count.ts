import { Migration } from '@mikro-orm/migrations';

/**
 * A channel message's delivery progress is its recipients_count (kept by message_recipients' statement triggers since
 * message_counts): the separate delivered_count the delivery job added to was the same number stored twice.
 */
export class Migration20261126190000_delivered_count extends Migration {
  override name = 'Migration20261126190000_delivered_count';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messages" drop column "delivered_count";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "messages" add column "delivered_count" int not null default 0;`);
    this.addSql(`update "messages" set "delivered_count" = "recipients_count";`);
  }
}

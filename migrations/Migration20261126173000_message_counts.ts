import { Migration } from '@mikro-orm/migrations';

export class Migration20261126173000_message_counts extends Migration {
  override name = 'Migration20261126173000_message_counts';

  override up(): void | Promise<void> {
    // A message's recipients and readers, kept on the message so the admin's lists read two columns, not every receipt.
    this.addSql(
      `alter table "messages" add "recipients_count" int not null default 0, add "read_count" int not null default 0;`,
    );
    this.addSql(`update "messages" m set "recipients_count" = c.n, "read_count" = c.r
      from (select "message_id", count(*) as n, count("read_at") as r from "message_recipients" group by "message_id") c where c."message_id" = m."id";`);
    this.addSql(`create function message_receipts_added() returns trigger language plpgsql as $$ begin
      update messages m set recipients_count = m.recipients_count + c.n, read_count = m.read_count + c.r
        from (select message_id, count(*) as n, count(read_at) as r from added group by message_id) c where m.id = c.message_id;
      return null; end $$;`);
    this.addSql(`create function message_receipts_removed() returns trigger language plpgsql as $$ begin
      update messages m set recipients_count = m.recipients_count - c.n, read_count = m.read_count - c.r
        from (select message_id, count(*) as n, count(read_at) as r from removed group by message_id) c where m.id = c.message_id;
      return null; end $$;`);
    // Only a receipt that turns read (or unread) moves the read count; mail marks and the like change nothing.
    this.addSql(`create function message_receipts_read() returns trigger language plpgsql as $$ begin
      update messages m set read_count = m.read_count + c.d
        from (select a.message_id, sum(case when b.read_at is null then 1 else -1 end) as d
              from after_rows a join before_rows b using (id)
              where (a.read_at is null) <> (b.read_at is null) group by a.message_id) c
        where m.id = c.message_id;
      return null; end $$;`);
    this.addSql(
      `create trigger "message_recipients_counted_insert" after insert on "message_recipients" referencing new table as added for each statement execute function message_receipts_added();`,
    );
    this.addSql(
      `create trigger "message_recipients_counted_delete" after delete on "message_recipients" referencing old table as removed for each statement execute function message_receipts_removed();`,
    );
    this.addSql(
      `create trigger "message_recipients_read" after update on "message_recipients" referencing old table as before_rows new table as after_rows for each statement execute function message_receipts_read();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "message_recipients_read" on "message_recipients";`);
    this.addSql(`drop trigger "message_recipients_counted_delete" on "message_recipients";`);
    this.addSql(`drop trigger "message_recipients_counted_insert" on "message_recipients";`);
    this.addSql(
      `drop function message_receipts_read(); drop function message_receipts_removed(); drop function message_receipts_added();`,
    );
    this.addSql(`alter table "messages" drop column "recipients_count", drop column "read_count";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261121195109_audit extends Migration {
  override name = 'Migration20261121195109_audit';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_log" ("id" serial primary key, "admin_id" int null, "action" varchar(100) not null, "member_id" int null, "object_type" varchar(50) not null, "object_id" int null, "ip" varchar(64) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "audit_log_admin_id_index" on "audit_log" ("admin_id");`);
    this.addSql(`create index "audit_log_member_id_index" on "audit_log" ("member_id");`);

    this.addSql(
      `alter table "audit_log" add constraint "audit_log_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }
}

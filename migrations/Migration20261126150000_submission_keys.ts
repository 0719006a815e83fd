import { Migration } from '@mikro-orm/migrations';

export class Migration20261126150000_submission_keys extends Migration {
  override name = 'Migration20261126150000_submission_keys';

  override up(): void | Promise<void> {
    // A phase or a photo sent again from the phone with its idempotency key is answered from the row its first send made.
    this.addSql(`alter table "phase_submissions" add "idempotency_key" varchar(64) null;`);
    this.addSql(
      `alter table "phase_submissions" add constraint "phase_submissions_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key");`,
    );

    this.addSql(`alter table "media" add "idempotency_key" varchar(64) null;`);
    this.addSql(
      `alter table "media" add constraint "media_owner_id_idempotency_key_unique" unique ("owner_id", "idempotency_key");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "media" drop constraint "media_owner_id_idempotency_key_unique";`);
    this.addSql(`alter table "media" drop column "idempotency_key";`);

    this.addSql(`alter table "phase_submissions" drop constraint "phase_submissions_user_id_idempotency_key_unique";`);
    this.addSql(`alter table "phase_submissions" drop column "idempotency_key";`);
  }
}

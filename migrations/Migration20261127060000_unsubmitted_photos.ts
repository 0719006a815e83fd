import { Migration } from '@mikro-orm/migrations';

export class Migration20261127060000_unsubmitted_photos extends Migration {
  override name = 'Migration20261127060000_unsubmitted_photos';

  override up(): void | Promise<void> {
    // When a data analysis first used a progress photo: the photos still waiting are found by a small partial index.
    this.addSql(`alter table "media" add column "submitted_at" timestamptz null;`);
    // Photos already in a snapshot were submitted with it (one update per image column, each by its own index).
    for (const column of ['image1_id', 'image2_id', 'image3_id'])
      this.addSql(
        `update "media" m set "submitted_at" = c."created_at" from "chamber_snapshots" c where c."${column}" = m."id" and m."submitted_at" is null;`,
      );
    this.addSql(
      `create index "media_unsubmitted_photos_index" on "media" ("owner_id", "created_at") where "kind" = 'progress_photo' and "submitted_at" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "media_unsubmitted_photos_index";`);
    this.addSql(`alter table "media" drop column if exists "submitted_at";`);
  }
}

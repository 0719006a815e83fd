import { Migration } from '@mikro-orm/migrations';

export class Migration20261123093352_nutrition extends Migration {
  override name = 'Migration20261123093352_nutrition';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "meal_groups" ("id" serial primary key, "name" varchar(100) not null, "parent_id" int null, "position" smallint not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "meal_groups_parent_id_index" on "meal_groups" ("parent_id");`);

    this.addSql(
      `create table "meals" ("id" serial primary key, "name" varchar(255) not null, "group_id" int not null, "description" text not null, "ingredients" jsonb not null, "image_id" int null, "video_id" int null, "video_link" varchar(255) null, "kcal" numeric(7,1) null, "protein" numeric(6,1) null, "fat" numeric(6,1) null, "carbohydrate" numeric(6,1) null, "position" smallint not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "meals_group_id_position_id_index" on "meals" ("group_id", "position", "id");`);

    this.addSql(`alter table "media" add "thumbnail" bytea null;`);

    this.addSql(
      `alter table "meals" add constraint "meals_group_id_foreign" foreign key ("group_id") references "meal_groups" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "meals" add constraint "meals_image_id_foreign" foreign key ("image_id") references "media" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "meals" add constraint "meals_video_id_foreign" foreign key ("video_id") references "media" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "meals" drop constraint "meals_group_id_foreign";`);

    this.addSql(`drop table if exists "meal_groups" cascade;`);
    this.addSql(`drop table if exists "meals" cascade;`);

    this.addSql(`alter table "media" drop column "thumbnail";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261123142347_content_changed extends Migration {
  override name = 'Migration20261123142347_content_changed';

  override up(): void | Promise<void> {
    this.addSql(
      `create or replace function "channels_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "channels" for each STATEMENT execute function "channels_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "muscle_groups_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "muscle_groups" for each STATEMENT execute function "muscle_groups_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "page_categories_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "page_categories" for each STATEMENT execute function "page_categories_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "phase_classes_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "phase_classes" for each STATEMENT execute function "phase_classes_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "plans_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "plans" for each STATEMENT execute function "plans_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "pages_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "pages" for each STATEMENT execute function "pages_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "form_groups_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "form_groups" for each STATEMENT execute function "form_groups_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "forms_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "forms" for each STATEMENT execute function "forms_content_changed_fn"();`,
    );

    this.addSql(
      `create or replace function "calibrations_content_changed_fn"() returns trigger as $$ begin perform pg_notify('evolution_content', TG_TABLE_NAME); return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "content_changed" AFTER INSERT OR UPDATE OR DELETE on "calibrations" for each STATEMENT execute function "calibrations_content_changed_fn"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "content_changed" on "calibrations";`);
    this.addSql(`drop function if exists "calibrations_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "channels";`);
    this.addSql(`drop function if exists "channels_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "form_groups";`);
    this.addSql(`drop function if exists "form_groups_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "forms";`);
    this.addSql(`drop function if exists "forms_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "muscle_groups";`);
    this.addSql(`drop function if exists "muscle_groups_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "page_categories";`);
    this.addSql(`drop function if exists "page_categories_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "pages";`);
    this.addSql(`drop function if exists "pages_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "phase_classes";`);
    this.addSql(`drop function if exists "phase_classes_content_changed_fn"();`);

    this.addSql(`drop trigger if exists "content_changed" on "plans";`);
    this.addSql(`drop function if exists "plans_content_changed_fn"();`);
  }
}

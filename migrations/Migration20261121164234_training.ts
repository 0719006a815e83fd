import { Migration } from '@mikro-orm/migrations';

export class Migration20261121164234_training extends Migration {
  override name = 'Migration20261121164234_training';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "exercise_types" ("id" serial primary key, "name" varchar(100) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );

    this.addSql(
      `create table "muscle_groups" ("id" serial primary key, "name" varchar(100) not null, "short_handle" varchar(16) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );

    this.addSql(
      `create table "page_categories" ("id" serial primary key, "name" varchar(150) not null, "parent_id" int null, "slug" varchar(64) null, "version" smallint null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "page_categories_parent_id_index" on "page_categories" ("parent_id");`);
    this.addSql(`alter table "page_categories" add constraint "page_categories_slug_unique" unique ("slug");`);

    this.addSql(
      `create table "phase_classes" ("id" serial primary key, "name" varchar(100) not null, "key" varchar(32) not null, "preset" jsonb not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "phase_classes" add constraint "phase_classes_key_unique" unique ("key");`);

    this.addSql(
      `create table "media" ("id" serial primary key, "kind" text not null, "path" varchar(255) not null, "mime" varchar(100) not null, "size" int not null, "width" int null, "height" int null, "owner_id" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`alter table "media" add constraint "media_path_unique" unique ("path");`);
    this.addSql(`create index "media_owner_id_index" on "media" ("owner_id");`);

    this.addSql(
      `create table "pages" ("id" serial primary key, "title" varchar(255) not null, "content" text not null, "category_id" int not null, "phase_class_id" int null, "muscle_group_id" int null, "preset" jsonb null, "position" smallint not null default 0, "video_link" varchar(255) null, "video_id" int null, "image_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "pages_category_id_index" on "pages" ("category_id");`);

    this.addSql(
      `create table "phase_submissions" ("id" serial primary key, "user_id" int not null, "evolution" int not null, "track" text not null, "version" smallint not null, "phase" smallint not null, "phase_type" varchar(32) not null, "page_id" int null, "fingerprint" varchar(64) not null, "response" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "phase_submissions" add constraint "phase_submissions_user_id_evolution_track_version_phase_unique" unique ("user_id", "evolution", "track", "version", "phase");`,
    );

    this.addSql(
      `create table "form_groups" ("id" serial primary key, "name" varchar(100) not null, "exercise_type_id" int not null, "video_link" varchar(255) null, "video_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );

    this.addSql(
      `create table "forms" ("id" serial primary key, "form_group_id" int not null, "name" varchar(150) not null, "muscle_group_id" int not null, "level" smallint not null, "progress" smallint not null, "min" int not null, "max" int not null, "reps_or_time" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "forms_form_group_id_index" on "forms" ("form_group_id");`);

    this.addSql(
      `create table "member_forms" ("id" serial primary key, "user_id" int not null, "form_group_id" int not null, "form_id" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "member_forms" add constraint "member_forms_user_id_form_group_id_unique" unique ("user_id", "form_group_id");`,
    );

    this.addSql(
      `create table "calibrations" ("id" serial primary key, "form" varchar(150) not null, "max" int not null, "reps_or_time" smallint not null, "total_weight" numeric(6,2) not null default 0, "exercise_type_id" int not null, "muscle_group_id" int null, "form_group_id" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "calibrations_form_group_id_index" on "calibrations" ("form_group_id");`);

    this.addSql(
      `create table "chamber_snapshots" ("id" serial primary key, "user_id" int not null, "submission_id" int not null, "evolution" int not null, "version" smallint not null, "weight" numeric(6,2) not null, "body_fat" numeric(5,2) not null, "chest" numeric(6,2) not null, "bicep" numeric(6,2) not null, "waist" numeric(6,2) not null, "quad" numeric(6,2) not null, "image1_id" int null, "image2_id" int null, "image3_id" int null, "vo2score" numeric(5,1) null, "vo2level" varchar(100) null, "muscle" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "chamber_snapshots" add constraint "chamber_snapshots_user_id_evolution_version_unique" unique ("user_id", "evolution", "version");`,
    );

    this.addSql(
      `create table "vo2_max_levels" ("id" serial primary key, "level_name" varchar(100) not null, "level" smallint not null, "min" numeric(5,1) null, "max" numeric(5,1) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );

    this.addSql(
      `create table "vo2_tests" ("id" serial primary key, "user_id" int not null, "submission_id" int not null, "evolution" int not null, "track" text not null, "version" smallint not null, "seconds" int not null, "grade" numeric(4,1) not null, "score" numeric(5,1) not null, "level_id" int null, "level_name" varchar(100) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "vo2_tests_user_id_index" on "vo2_tests" ("user_id");`);

    this.addSql(
      `create table "workout_results" ("id" serial primary key, "user_id" int not null, "submission_id" int not null, "evolution" int not null, "track" text not null, "version" smallint not null, "phase" smallint not null, "position" smallint not null, "calibration_id" int null, "form_id" int null, "form_group_id" int null, "form_name" varchar(150) not null, "amount" int not null, "time_to_complete" int null, "total_weight" numeric(6,2) not null default 0, "par" int null, "level" smallint null, "progress" smallint null, "reps_or_time" smallint not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "workout_results_submission_id_index" on "workout_results" ("submission_id");`);
    this.addSql(
      `create index "workout_results_user_id_evolution_track_index" on "workout_results" ("user_id", "evolution", "track");`,
    );

    this.addSql(
      `alter table "media" add constraint "media_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "media" add constraint "media_kind_check" check ("kind" in ('progress_photo', 'page_image', 'page_video', 'form_group_video', 'meal_image', 'meal_video'));`,
    );

    this.addSql(
      `alter table "pages" add constraint "pages_category_id_foreign" foreign key ("category_id") references "page_categories" ("id");`,
    );
    this.addSql(
      `alter table "pages" add constraint "pages_phase_class_id_foreign" foreign key ("phase_class_id") references "phase_classes" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "pages" add constraint "pages_muscle_group_id_foreign" foreign key ("muscle_group_id") references "muscle_groups" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "pages" add constraint "pages_video_id_foreign" foreign key ("video_id") references "media" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "pages" add constraint "pages_image_id_foreign" foreign key ("image_id") references "media" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "phase_submissions" add constraint "phase_submissions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "phase_submissions" add constraint "phase_submissions_page_id_foreign" foreign key ("page_id") references "pages" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "phase_submissions" add constraint "phase_submissions_track_check" check ("track" in ('calibration', 'general'));`,
    );

    this.addSql(
      `alter table "form_groups" add constraint "form_groups_exercise_type_id_foreign" foreign key ("exercise_type_id") references "exercise_types" ("id");`,
    );
    this.addSql(
      `alter table "form_groups" add constraint "form_groups_video_id_foreign" foreign key ("video_id") references "media" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "forms" add constraint "forms_form_group_id_foreign" foreign key ("form_group_id") references "form_groups" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "forms" add constraint "forms_muscle_group_id_foreign" foreign key ("muscle_group_id") references "muscle_groups" ("id");`,
    );

    this.addSql(
      `alter table "member_forms" add constraint "member_forms_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "member_forms" add constraint "member_forms_form_group_id_foreign" foreign key ("form_group_id") references "form_groups" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "member_forms" add constraint "member_forms_form_id_foreign" foreign key ("form_id") references "forms" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "calibrations" add constraint "calibrations_exercise_type_id_foreign" foreign key ("exercise_type_id") references "exercise_types" ("id");`,
    );
    this.addSql(
      `alter table "calibrations" add constraint "calibrations_muscle_group_id_foreign" foreign key ("muscle_group_id") references "muscle_groups" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "calibrations" add constraint "calibrations_form_group_id_foreign" foreign key ("form_group_id") references "form_groups" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "chamber_snapshots" add constraint "chamber_snapshots_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "chamber_snapshots" add constraint "chamber_snapshots_submission_id_foreign" foreign key ("submission_id") references "phase_submissions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "chamber_snapshots" add constraint "chamber_snapshots_image1_id_foreign" foreign key ("image1_id") references "media" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "chamber_snapshots" add constraint "chamber_snapshots_image2_id_foreign" foreign key ("image2_id") references "media" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "chamber_snapshots" add constraint "chamber_snapshots_image3_id_foreign" foreign key ("image3_id") references "media" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "vo2_tests" add constraint "vo2_tests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vo2_tests" add constraint "vo2_tests_submission_id_foreign" foreign key ("submission_id") references "phase_submissions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vo2_tests" add constraint "vo2_tests_level_id_foreign" foreign key ("level_id") references "vo2_max_levels" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "vo2_tests" add constraint "vo2_tests_track_check" check ("track" in ('calibration', 'general'));`,
    );

    this.addSql(
      `alter table "workout_results" add constraint "workout_results_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "workout_results" add constraint "workout_results_submission_id_foreign" foreign key ("submission_id") references "phase_submissions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "workout_results" add constraint "workout_results_calibration_id_foreign" foreign key ("calibration_id") references "calibrations" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "workout_results" add constraint "workout_results_form_id_foreign" foreign key ("form_id") references "forms" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "workout_results" add constraint "workout_results_form_group_id_foreign" foreign key ("form_group_id") references "form_groups" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "workout_results" add constraint "workout_results_track_check" check ("track" in ('calibration', 'general'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "form_groups" drop constraint "form_groups_exercise_type_id_foreign";`);
    this.addSql(`alter table "calibrations" drop constraint "calibrations_exercise_type_id_foreign";`);
    this.addSql(`alter table "pages" drop constraint "pages_muscle_group_id_foreign";`);
    this.addSql(`alter table "forms" drop constraint "forms_muscle_group_id_foreign";`);
    this.addSql(`alter table "calibrations" drop constraint "calibrations_muscle_group_id_foreign";`);
    this.addSql(`alter table "pages" drop constraint "pages_category_id_foreign";`);
    this.addSql(`alter table "pages" drop constraint "pages_phase_class_id_foreign";`);
    this.addSql(`alter table "pages" drop constraint "pages_video_id_foreign";`);
    this.addSql(`alter table "pages" drop constraint "pages_image_id_foreign";`);
    this.addSql(`alter table "form_groups" drop constraint "form_groups_video_id_foreign";`);
    this.addSql(`alter table "chamber_snapshots" drop constraint "chamber_snapshots_image1_id_foreign";`);
    this.addSql(`alter table "chamber_snapshots" drop constraint "chamber_snapshots_image2_id_foreign";`);
    this.addSql(`alter table "chamber_snapshots" drop constraint "chamber_snapshots_image3_id_foreign";`);
    this.addSql(`alter table "phase_submissions" drop constraint "phase_submissions_page_id_foreign";`);
    this.addSql(`alter table "chamber_snapshots" drop constraint "chamber_snapshots_submission_id_foreign";`);
    this.addSql(`alter table "vo2_tests" drop constraint "vo2_tests_submission_id_foreign";`);
    this.addSql(`alter table "workout_results" drop constraint "workout_results_submission_id_foreign";`);
    this.addSql(`alter table "forms" drop constraint "forms_form_group_id_foreign";`);
    this.addSql(`alter table "member_forms" drop constraint "member_forms_form_group_id_foreign";`);
    this.addSql(`alter table "calibrations" drop constraint "calibrations_form_group_id_foreign";`);
    this.addSql(`alter table "workout_results" drop constraint "workout_results_form_group_id_foreign";`);
    this.addSql(`alter table "member_forms" drop constraint "member_forms_form_id_foreign";`);
    this.addSql(`alter table "workout_results" drop constraint "workout_results_form_id_foreign";`);
    this.addSql(`alter table "workout_results" drop constraint "workout_results_calibration_id_foreign";`);
    this.addSql(`alter table "vo2_tests" drop constraint "vo2_tests_level_id_foreign";`);

    this.addSql(`drop table if exists "exercise_types" cascade;`);
    this.addSql(`drop table if exists "muscle_groups" cascade;`);
    this.addSql(`drop table if exists "page_categories" cascade;`);
    this.addSql(`drop table if exists "phase_classes" cascade;`);
    this.addSql(`drop table if exists "media" cascade;`);
    this.addSql(`drop table if exists "pages" cascade;`);
    this.addSql(`drop table if exists "phase_submissions" cascade;`);
    this.addSql(`drop table if exists "form_groups" cascade;`);
    this.addSql(`drop table if exists "forms" cascade;`);
    this.addSql(`drop table if exists "member_forms" cascade;`);
    this.addSql(`drop table if exists "calibrations" cascade;`);
    this.addSql(`drop table if exists "chamber_snapshots" cascade;`);
    this.addSql(`drop table if exists "vo2_max_levels" cascade;`);
    this.addSql(`drop table if exists "vo2_tests" cascade;`);
    this.addSql(`drop table if exists "workout_results" cascade;`);
  }
}

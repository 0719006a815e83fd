import { Migration } from '@mikro-orm/migrations';

export class Migration20261121164323_membership extends Migration {
  override name = 'Migration20261121164323_membership';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_events" ("id" varchar(255) not null, "provider" varchar(32) not null, "type" varchar(255) not null, "received_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "password_resets" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "fact_findings" ("id" serial primary key, "user_id" int not null, "date_of_birth" date not null, "height" numeric(6,2) not null, "weight" numeric(6,2) not null, "wrist_circumference" numeric(6,2) not null, "ankle_circumference" numeric(6,2) not null, "desired_aesthetic" text not null, "desired_body_fat" numeric(5,2) not null, "food_preference" text not null, "waking_time" varchar(8) not null, "work_start" varchar(8) not null, "break_time_start_finish" varchar(255) not null, "work_finish" varchar(8) not null, "time_of_slumber" varchar(8) not null, "physical_activities" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "fact_findings" add constraint "fact_findings_user_id_unique" unique ("user_id");`);

    this.addSql(
      `create table "contact_details" ("id" serial primary key, "user_id" int not null, "first_name" varchar(255) null, "last_name" varchar(255) null, "address_line1" varchar(255) null, "address_line2" varchar(255) null, "city" varchar(255) null, "county" varchar(255) null, "postcode" varchar(32) null, "country" varchar(255) null, "telephone" varchar(32) null, "twitter" varchar(255) null, "linkedin" varchar(255) null, "facebook" varchar(255) null, "instagram" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "contact_details" add constraint "contact_details_user_id_unique" unique ("user_id");`);

    this.addSql(
      `create table "application_details" ("id" serial primary key, "user_id" int not null, "first_name" varchar(255) null, "last_name" varchar(255) null, "question1" smallint not null, "question2" smallint not null, "question3" smallint not null, "question4" smallint not null, "question5" smallint not null, "question6" smallint not null, "question7" smallint not null, "date" date not null, "e_signature" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "application_details" add constraint "application_details_user_id_unique" unique ("user_id");`,
    );

    this.addSql(`alter table "subscriptions" add "provider_event_at" timestamptz null;`);

    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "fact_findings" add constraint "fact_findings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fact_findings" add constraint "fact_findings_desired_aesthetic_check" check ("desired_aesthetic" in ('Warrior', 'Titan', 'Tank'));`,
    );
    this.addSql(
      `alter table "fact_findings" add constraint "fact_findings_food_preference_check" check ("food_preference" in ('Vegan', 'Vegetarian', 'Pescatarian', 'Carnivorous'));`,
    );

    this.addSql(
      `alter table "contact_details" add constraint "contact_details_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "application_details" add constraint "application_details_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_events" cascade;`);
    this.addSql(`drop table if exists "password_resets" cascade;`);
    this.addSql(`drop table if exists "fact_findings" cascade;`);
    this.addSql(`drop table if exists "contact_details" cascade;`);
    this.addSql(`drop table if exists "application_details" cascade;`);

    this.addSql(`alter table "subscriptions" drop column "provider_event_at";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * The admin writes that touch many members (docs/architecture.md, "At the size of a real business"). Every foreign
 * key from a table that grows with the members gets an index, so a parent's delete (a member, a form, a page, a
 * photo) finds its children by index instead of reading the whole child table once per deleted row; the admin's
 * subscriber counts read live subscriptions from a partial index.
 */
export class Migration20261126180000_many_member_writes extends Migration {
  override name = 'Migration20261126180000_many_member_writes';

  override up(): void | Promise<void> {
    this.addSql(`create index "chamber_snapshots_submission_id_index" on "chamber_snapshots" ("submission_id");`);
    this.addSql(`create index "vo2_tests_submission_id_index" on "vo2_tests" ("submission_id");`);
    for (const column of ['image1_id', 'image2_id', 'image3_id']) {
      this.addSql(
        `create index "chamber_snapshots_${column}_index" on "chamber_snapshots" ("${column}") where "${column}" is not null;`,
      );
    }
    // With the id, so "the first member on this ladder" is read in index order (whether a group is in use).
    this.addSql(`create index "member_forms_form_group_id_id_index" on "member_forms" ("form_group_id", "id");`);
    this.addSql(`create index "member_forms_form_id_id_index" on "member_forms" ("form_id", "id");`);
    this.addSql(
      `create index "workout_results_form_id_id_index" on "workout_results" ("form_id", "id") where "form_id" is not null;`,
    );
    this.addSql(
      `create index "workout_results_form_group_id_id_index" on "workout_results" ("form_group_id", "id") where "form_group_id" is not null;`,
    );
    this.addSql(
      `create index "phase_submissions_page_id_index" on "phase_submissions" ("page_id") where "page_id" is not null;`,
    );
    this.addSql(
      `create index "flag_responses_author_id_index" on "flag_responses" ("author_id") where "author_id" is not null;`,
    );
    this.addSql(
      `create index "messages_recipient_id_index" on "messages" ("recipient_id") where "recipient_id" is not null;`,
    );
    this.addSql(`create index "revoked_tokens_user_id_index" on "revoked_tokens" ("user_id");`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);
    this.addSql(
      `create index "subscriptions_live_plan" on "subscriptions" ("plan_id", "current_period_end") where "status" in ('active', 'trialing');`,
    );
    // Found by the query-plan guard (server/test/query-plans.test.ts): the admins-only user list, a broadcast's readers.
    this.addSql(`create index "users_role_id_index" on "users" ("role", "id");`);
    this.addSql(
      `create index "message_recipients_readers" on "message_recipients" ("message_id", "read_at" desc nulls last, "user_id");`,
    );
  }

  override down(): void | Promise<void> {
    for (const index of [
      'message_recipients_readers',
      'users_role_id_index',
      'subscriptions_live_plan',
      'password_resets_user_id_index',
      'revoked_tokens_user_id_index',
      'messages_recipient_id_index',
      'flag_responses_author_id_index',
      'phase_submissions_page_id_index',
      'workout_results_form_group_id_id_index',
      'workout_results_form_id_id_index',
      'member_forms_form_id_id_index',
      'member_forms_form_group_id_id_index',
      'chamber_snapshots_image3_id_index',
      'chamber_snapshots_image2_id_index',
      'chamber_snapshots_image1_id_index',
      'vo2_tests_submission_id_index',
      'chamber_snapshots_submission_id_index',
    ])
      this.addSql(`drop index "${index}";`);
  }
}

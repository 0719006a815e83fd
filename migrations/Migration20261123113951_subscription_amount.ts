import { Migration } from '@mikro-orm/migrations';

export class Migration20261123113951_subscription_amount extends Migration {
  override name = 'Migration20261123113951_subscription_amount';

  override up(): void | Promise<void> {
    // What each existing subscriber pays is their plan's price today: filled in before the column becomes required.
    this.addSql(`alter table "subscriptions" add "amount_pence" int null;`);
    this.addSql(
      `update "subscriptions" s set "amount_pence" = p."amount_pence" from "plans" p where p."id" = s."plan_id";`,
    );
    this.addSql(`alter table "subscriptions" alter column "amount_pence" set not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "subscriptions" drop column "amount_pence";`);
  }
}

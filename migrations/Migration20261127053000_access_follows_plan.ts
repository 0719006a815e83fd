import { Migration } from '@mikro-orm/migrations';

/** A calibrated member: their programme row has passed the first calibration (the chamber opens there). */
const calibrated = `e.user_id = u.id and (e.evolution > 1 or not e.need_calibration)`;

export class Migration20261127053000_access_follows_plan extends Migration {
  override name = 'Migration20261127053000_access_follows_plan';

  override up(): void | Promise<void> {
    // A member's stored flags become overrides only (a missing one follows the plan); what each member gets is unchanged.
    // A stored true never opened a channel or macros the plan lacked: it meant "follow the plan".
    for (const flag of ['warrior_channel', 'superhuman_channel', 'micro_data'])
      this.addSql(
        `update "users" set "access" = "access" - '${flag}' where "role" = 1 and "access" -> '${flag}' = 'true'::jsonb;`,
      );
    // The chamber now opens from the programme row: a calibrated member without a flag (closed until now) stays closed.
    this.addSql(
      `update "users" u set "access" = u."access" || '{"evolution_page": false}'::jsonb from "evolutions" e where ${calibrated} and u."role" = 1 and u."access" -> 'evolution_page' is null;`,
    );
    // The true the calibration wrote is the plan's, not an admin's.
    this.addSql(
      `update "users" u set "access" = u."access" - 'evolution_page' from "evolutions" e where ${calibrated} and u."role" = 1 and u."access" -> 'evolution_page' = 'true'::jsonb;`,
    );
  }

  override down(): void | Promise<void> {
    // The code before reads the chamber's opening from the stored flag alone.
    this.addSql(
      `update "users" u set "access" = u."access" || '{"evolution_page": true}'::jsonb from "evolutions" e where ${calibrated} and u."role" = 1 and u."access" -> 'evolution_page' is null;`,
    );
  }
}

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { countedRows } from './RowCount.ts';
import { ownedByMember } from './ownedByMember.ts';
import { timestamps } from './properties.ts';

/** A member's support thread: the opening subject and message; coaches and the member reply until it is closed. */
export const AssistanceFlag = defineEntity({
  name: 'AssistanceFlag',
  tableName: 'assistance_flags',
  properties: {
    ...ownedByMember(),
    subject: p.string().length(255),
    message: p.text(),
    /** 0 open, 1 closed (FLAG_STATUS). */
    status: p.smallint().default(0),
    closedAt: p.datetime().nullable(),
    ...timestamps(),
  },
  // Flags per status (row_counts): the admin list's total.
  triggers: countedRows('assistance_flags', 'status'),
  // The admin's queue: open flags first, then the most recently active, walked in this index's order.
  indexes: [
    {
      name: 'assistance_flags_queue',
      expression:
        'create index "assistance_flags_queue" on "assistance_flags" ("status", "updated_at" desc, "id" desc)',
    },
  ],
});
export type IAssistanceFlag = InferEntity<typeof AssistanceFlag>;

import { defineEntity, p } from '@mikro-orm/core';
import { AssistanceFlag } from './AssistanceFlag.ts';
import { User } from './User.ts';
import { whenCreated } from './properties.ts';

/** A reply in an assistance flag's thread, by the member or by a coach (an admin). */
export const FlagResponse = defineEntity({
  name: 'FlagResponse',
  tableName: 'flag_responses',
  properties: {
    id: p.integer().primary(),
    flag: () => p.manyToOne(AssistanceFlag).deleteRule('cascade').index(),
    /** Null once the author's account is deleted; the thread keeps the reply. */
    author: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** Whether a coach wrote it, kept so the thread still reads right after the author's account is gone. */
    byCoach: p.boolean(),
    message: p.text(),
    createdAt: whenCreated(),
  },
  // A member deleted sets their replies' author to null: found by index, not by reading every reply.
  indexes: [
    {
      name: 'flag_responses_author_id_index',
      expression:
        'create index "flag_responses_author_id_index" on "flag_responses" ("author_id") where "author_id" is not null',
    },
  ],
});

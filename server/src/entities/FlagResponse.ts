import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { AssistanceFlag } from './AssistanceFlag.ts';
import { User } from './User.ts';

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
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IFlagResponse = InferEntity<typeof FlagResponse>;

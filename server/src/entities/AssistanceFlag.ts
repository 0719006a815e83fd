import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './User.ts';

/** A member's support thread: the opening subject and message; coaches and the member reply until it is closed. */
export const AssistanceFlag = defineEntity({
  name: 'AssistanceFlag',
  tableName: 'assistance_flags',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    subject: p.string().length(255),
    message: p.text(),
    /** 0 open, 1 closed (FLAG_STATUS). */
    status: p.smallint().default(0),
    closedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  // The admin list orders open flags first, newest first.
  indexes: [{ properties: ['status', 'createdAt'] }],
});
export type IAssistanceFlag = InferEntity<typeof AssistanceFlag>;

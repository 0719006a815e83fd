import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Message } from './Message.ts';
import { User } from './User.ts';

/** One member's copy of a message: in their inbox, unread until they open it. */
export const MessageRecipient = defineEntity({
  name: 'MessageRecipient',
  tableName: 'message_recipients',
  properties: {
    id: p.integer().primary(),
    message: () => p.manyToOne(Message).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** When the member's mail was taken for sending: set just before it goes, so a retried page never sends it twice. */
    mailedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['message', 'user'] }],
  // The inbox and the unread count read a member's rows.
  indexes: [{ properties: ['user', 'readAt'] }],
});
export type IMessageRecipient = InferEntity<typeof MessageRecipient>;

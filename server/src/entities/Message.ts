import { defineEntity, p } from '@mikro-orm/core';
import { Channel } from './Channel.ts';
import { User } from './User.ts';
import { whenCreated } from './properties.ts';

/**
 * A coach's message (docs/product.md §6): to one member (`recipient`) or to every member of a channel with an active
 * subscription at sending time (`channel`). Who received it, and when each read it, are its MessageRecipient rows.
 */
export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.integer().primary(),
    /** The admin who sent it; kept as null when that account is deleted, so the member keeps the message. */
    sender: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    subject: p.string().length(255),
    body: p.text(),
    /** The one member it was sent to; null for a channel message (or once that member is deleted). */
    recipient: () => p.manyToOne(User).nullable().deleteRule('set null'),
    channel: () => p.manyToOne(Channel).nullable(),
    /** The sender's key for one send: a double-clicked or retried send with the same key sends nothing twice. */
    idempotencyKey: p.string().length(100).nullable(),
    createdAt: whenCreated().index(),
    /** Members counted in the audience when it was sent: what a channel message's delivery is heading for. */
    expectedCount: p.integer().default(0),
    /** When the last recipient row was written; null while a channel message is still being delivered. */
    deliveredAt: p.datetime().nullable(),
    /** Its recipient rows now (the delivery's progress), and how many are read: kept by message_recipients' statement triggers. */
    recipientsCount: p.integer().default(0),
    readCount: p.integer().default(0),
  },
  uniques: [{ properties: ['sender', 'idempotencyKey'] }],
  // A member deleted sets their direct messages' recipient to null: found by index.
  indexes: [
    {
      name: 'messages_recipient_id_index',
      expression:
        'create index "messages_recipient_id_index" on "messages" ("recipient_id") where "recipient_id" is not null',
    },
  ],
});

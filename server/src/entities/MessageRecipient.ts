import { defineEntity, p } from '@mikro-orm/core';
import { Message } from './Message.ts';
import { User } from './User.ts';
import { whenCreated } from './properties.ts';

/** One member's copy of a message: in their inbox, unread until they open it. */
export const MessageRecipient = defineEntity({
  name: 'MessageRecipient',
  tableName: 'message_recipients',
  properties: {
    id: p.integer().primary(),
    message: () => p.manyToOne(Message).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    readAt: p.datetime().nullable(),
    createdAt: whenCreated(),
    /** When the member's mail was taken for sending: set just before it goes, so a retried page never sends it twice. */
    mailedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['message', 'user'] }],
  // The inbox and the unread count read a member's rows.
  indexes: [
    { properties: ['user', 'readAt'] },
    // A message's first readers (readers first, latest first) for the admin, from the index rather than sorting 333,333.
    {
      name: 'message_recipients_readers',
      expression:
        'create index "message_recipients_readers" on "message_recipients" ("message_id", "read_at" desc nulls last, "user_id")',
    },
  ],
  // Each message's recipients_count and read_count follow its rows, one update per statement (a delivery page, a read,
  // a member's account deleted): the admin's lists read them instead of counting 333,333 rows a message. The functions
  // are the migration message_counts'; MikroORM checks these triggers by name.
  triggers: [
    {
      name: 'message_recipients_counted_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      expression:
        'create trigger "message_recipients_counted_insert" after insert on "message_recipients" referencing new table as added for each statement execute function message_receipts_added()',
    },
    {
      name: 'message_recipients_counted_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'statement',
      expression:
        'create trigger "message_recipients_counted_delete" after delete on "message_recipients" referencing old table as removed for each statement execute function message_receipts_removed()',
    },
    {
      name: 'message_recipients_read',
      timing: 'after',
      events: ['update'],
      forEach: 'statement',
      expression:
        'create trigger "message_recipients_read" after update on "message_recipients" referencing old table as before_rows new table as after_rows for each statement execute function message_receipts_read()',
    },
  ],
});

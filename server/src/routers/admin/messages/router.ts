import { router } from '../../../trpc/init.ts';
import { getMessageRoute } from './get-message.ts';
import { listMessagesRoute } from './list-messages.ts';
import { sendMessageRoute } from './send-message.ts';

/** admin.messages: coaches' messages to members (docs/product.md §6). */
export const adminMessagesRouter = router({
  list: listMessagesRoute,
  get: getMessageRoute,
  send: sendMessageRoute,
});

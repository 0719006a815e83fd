import { router } from '../../trpc/init.ts';
import { getMessageRoute } from './get-message.ts';
import { listInboxRoute } from './list-inbox.ts';
import { unreadCountRoute } from './unread-count.ts';

/** messages: the member's inbox of coaches' messages (docs/product.md §6). */
export const messagesRouter = router({
  list: listInboxRoute,
  get: getMessageRoute,
  unreadCount: unreadCountRoute,
});

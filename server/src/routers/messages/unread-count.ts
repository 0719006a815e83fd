import { unreadCount } from '../../services/messages.ts';
import { memberProcedure } from '../../trpc/init.ts';

/** How many of the member's messages are unread, for the menu badge (GET user/message/unread_count). */
export const unreadCountRoute = memberProcedure.query(({ ctx }) => unreadCount(ctx.svc));

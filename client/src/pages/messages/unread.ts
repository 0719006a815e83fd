import { useLiveEvents } from '../../api/live.ts';
import { trpc } from '../../api/trpc.ts';
import './unread.css';

/** "1 unread message", "3 unread messages": what the badge says to a screen reader. */
export const unreadLabel = (count: number) => `${count} unread message${count === 1 ? '' : 's'}`;

/**
 * The member's unread message count for the menu badge, kept current live: a coach's new message (or the member
 * reading one on another screen) refreshes the count and the inbox without a reload.
 */
export function useUnreadMessages(enabled: boolean): number {
  const utils = trpc.useUtils();
  // A failed count only hides the badge: it is no reason to interrupt whatever screen the member is on.
  const count = trpc.messages.unreadCount.useQuery(undefined, { enabled, staleTime: 0, meta: { silentErrors: true } });
  useLiveEvents((event) => {
    if (event.topic !== 'message') return;
    void utils.messages.unreadCount.invalidate();
    void utils.messages.list.invalidate();
  });
  return enabled ? (count.data?.unread_count ?? 0) : 0;
}

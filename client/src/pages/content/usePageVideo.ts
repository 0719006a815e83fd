import { trpc } from '../../api/trpc.ts';
import { videoSource } from '../../components/VideoSlot.tsx';

/**
 * A page's playable video link: the page's own, else its uploaded video's record (asked for only when the page has
 * one, so a page without a video costs no failed call); none when neither has one (no message).
 */
export function usePageVideo(pageId: number, own: string | null | undefined, videoId: number | null | undefined, enabled = true): string | null {
  const hasOwn = Boolean(videoSource(own));
  const video = trpc.warrior.pageVideo.useQuery({ id: pageId }, { enabled: enabled && !hasOwn && videoId != null && pageId > 0, meta: { silentErrors: true }, staleTime: 5 * 60_000 });
  const link = hasOwn ? own : video.data?.data.video_link;
  return videoSource(link) ? (link ?? null) : null;
}

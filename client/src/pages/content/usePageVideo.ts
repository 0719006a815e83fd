import { trpc } from '../../api/trpc.ts';
import { videoSource } from '../../components/VideoSlot.tsx';

/**
 * A page's playable video: its uploaded video (a signed address from the page's video record, asked for only when
 * the page has one) before its own host link; none when neither plays (no message). While the upload's address is
 * on its way nothing shows, so the host player does not flash first; a failed call falls back to the link.
 */
export function usePageVideo(
  pageId: number,
  own: string | null | undefined,
  videoId: number | null | undefined,
  enabled = true,
): string | null {
  const uploaded = videoId != null;
  const video = trpc.warrior.pageVideo.useQuery(
    { id: pageId },
    { enabled: enabled && uploaded && pageId > 0, meta: { silentErrors: true }, staleTime: 5 * 60_000 },
  );
  if (uploaded && video.isPending && enabled) return null;
  const link = video.data?.data.video_path ?? own ?? video.data?.data.video_link;
  return videoSource(link) ? (link ?? null) : null;
}

import { CLIENT_CONFIG } from '../config.ts';

const FILE = /\.(mp4|webm|ogv|ogg|mov)(\?.*)?$/i;
// An uploaded video's signed address on this server (GET /api/media/{id}?expires&signature).
const UPLOADED = /^\/api\/media\/\d+$/;
// The players the server's content security policy lets the page frame.
const PLAYERS = new Set(['player.vimeo.com', 'www.youtube-nocookie.com']);

/** How a video link plays: as a file, in the host's player, or not at all. */
export function videoSource(
  link: string | null | undefined,
  host: string = CLIENT_CONFIG.videoHost,
): { kind: 'file' | 'player'; src: string } | null {
  const raw = link?.trim();
  if (!raw) return null;
  if (/^https?:\/\//i.test(raw) || raw.startsWith('/')) {
    if (FILE.test(raw)) return { kind: 'file', src: raw };
    try {
      const url = new URL(raw, 'http://localhost');
      if (UPLOADED.test(url.pathname)) return { kind: 'file', src: raw };
      return PLAYERS.has(url.hostname) ? { kind: 'player', src: url.href } : null;
    } catch {
      return null;
    }
  }
  return host && /^[\w-]+$/.test(raw) ? { kind: 'player', src: `${host}${raw}` } : null;
}

/**
 * A 16:9 video: the uploaded file (`path`, a signed address) when there is one, else the link's file or host player;
 * nothing at all when neither plays (no empty player, no placeholder).
 */
export function VideoSlot({
  link,
  path,
  title,
}: {
  link: string | null | undefined;
  path?: string | null | undefined;
  title: string;
}) {
  const source = (path ? videoSource(path) : null) ?? videoSource(link);
  if (!source) return null;
  return (
    <figure className="video-slot">
      {source.kind === 'file' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- coach videos come without caption tracks
        <video
          className="video-slot__media"
          src={source.src}
          controls
          playsInline
          preload="metadata"
          aria-label={title}
        />
      ) : (
        <iframe
          className="video-slot__media"
          src={source.src}
          title={title}
          allow="fullscreen; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      )}
    </figure>
  );
}

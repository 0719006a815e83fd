/** Build-time settings of the client (Vite `VITE_*` variables). */
export const CLIENT_CONFIG = {
  /** The community's external address; empty until one is configured (the tile then says "Coming soon"). */
  communityUrl: (import.meta.env.VITE_COMMUNITY_URL as string | undefined) ?? '',
  /**
   * The video host's player address; a page's bare video id is appended to it (e.g. https://player.vimeo.com/video/).
   * Empty: only full links are played.
   */
  videoHost: (import.meta.env.VITE_VIDEO_HOST as string | undefined) ?? '',
} as const;

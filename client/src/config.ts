/** Build-time settings of the client (Vite `VITE_*` variables). */
export const CLIENT_CONFIG = {
  /** The community's external address; until one is configured, the in-app community screen. */
  communityUrl: (import.meta.env.VITE_COMMUNITY_URL as string | undefined) || '#/community',
} as const;

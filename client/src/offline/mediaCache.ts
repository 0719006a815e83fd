/** The service worker's cache of the pictures a member has seen (sw.ts); emptied at sign-out with the rest. */
export const MEDIA_CACHE = 'evolution-media';

/** Sign-out: the pictures the phone kept go too. */
export async function wipeMediaCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(MEDIA_CACHE).catch(() => false);
}

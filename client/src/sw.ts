/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MEDIA_CACHE } from './offline/mediaCache.ts';
import { sendQueued, SYNC_TAG } from './offline/queue.ts';
import './sw/push.ts';

/**
 * The service worker (built by vite-plugin-pwa, injectManifest): it owns "the code is not here". Every file of the
 * build (the app shell, every screen's chunk and stylesheet, the icons) is precached at install, so a reload, a cold
 * start from the home screen or a move between screens works with no network. API calls are never cached here: the
 * persisted query cache owns the member's data, the submission queue what the server has not heard yet.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
// The first install takes charge of the page that installed it, so that page's next screens come from the precache
// too (a new version still waits for the app's word: it is only claimed once it has been let in).
clientsClaim();
// A new build's install drops the files only the old builds used.
cleanupOutdatedCaches();

// The app routes in the hash, so every page load asks for index.html: answered from the precache. The API and its
// readable docs are pages of their own and go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/trpc(\/|$)/, /^\/healthz$/],
  }),
);

// Pictures the member has seen (recipes, guides) are kept for offline use, one copy per file: a signed address changes
// every hour, the file behind an id never does. Videos stream with ranges and are not. (Progress photos come inside the
// chamber's answer, which the persisted query cache keeps.)
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    request.destination !== 'video' &&
    /^\/api\/media\/\d+$/.test(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => new URL(request.url).pathname },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// A new version waits until the app says so (the member accepted it, or moved to another screen): never mid-phase.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: the browser wakes the worker when the network returns, even with the app closed, and the phases
// finished offline are sent from here (with the same keys as any send from the page: the server counts each once).
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    sendQueued().then((outcomes) => {
      // Still no answer: the browser tries the sync again later.
      if ([...outcomes.values()].some(({ outcome }) => outcome.kind === 'later'))
        throw new Error('The submissions wait for the network');
    }),
  );
});

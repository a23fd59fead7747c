/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa injectManifest):
 * - precaches the built app shell (self.__WB_MANIFEST) and removes caches of older versions;
 * - serves navigations from the precached index.html (offline deep links), except /api and static files;
 * - caches map tiles at runtime (CacheFirst, bounded): only tiles the user actually looked at, never a bulk
 *   download (tile servers forbid it); tiles a racer kept for one circuit on request (src/ui/map/keep-offline.tsx,
 *   a few hundred at most) are served first from their own cache, which no expiry touches;
 * - relays Background Sync of the session outbox (src/data/sync/background-sync.ts) to an open page, or runs it;
 * - waits for the page's 'SKIP_WAITING' message before activating a new version (the page asks the user).
 * API calls are not cached here: offline data lives in IndexedDB (src/data) where the app controls it.
 */
import './app/zod-jitless'; // must stay the first import (see the file)
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { handleBackgroundSync } from './data/sync/background-sync';
import { isTileUrl } from './app/pwa/tile-pattern';
import { KEPT_TILES_CACHE } from './app/pwa/kept-tiles';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // Files opened directly (PDFs, the video, images) go to the network, not to the app shell.
    denylist: [/^\/api(\/|$)/, /^\/[^?]*\.(pdf|webm|mp4|png|jpg|svg|ico|webmanifest|json|js|css|txt|xml)(\?|$)/],
  }),
);

const viewedTiles = new CacheFirst({
  // Workbox caches only status-200 answers without a cacheWillUpdate plugin: errors are never stored.
  cacheName: 'map-tiles',
  plugins: [
    // About 3000 tiles of ~15-40 KB: a few circuits at several zoom levels, purged when space runs low.
    new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});

registerRoute(
  ({ url }) => isTileUrl(url),
  async (options) => {
    const kept = await caches.open(KEPT_TILES_CACHE).then((cache) => cache.match(options.request));
    return kept ?? viewedTiles.handle(options);
  },
);

self.addEventListener('message', (event) => {
  if (event.data && (event.data === 'SKIP_WAITING' || (typeof event.data === 'object' && event.data.type === 'SKIP_WAITING'))) {
    void self.skipWaiting();
  }
});

self.addEventListener('sync', handleBackgroundSync);

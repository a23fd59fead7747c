/**
 * Fetches a kept tile set into the kept-tiles cache (the service worker serves the map from it offline): two
 * requests at a time, progress after each tile, cancelled by an AbortSignal (what was fetched stays kept).
 */
import { KEPT_TILES_CACHE } from '../../app/pwa/kept-tiles';

export interface KeepProgress {
  done: number;
  total: number;
  failed: number;
}

export interface KeepOptions {
  signal?: AbortSignal;
  onProgress?: (progress: KeepProgress) => void;
  /** Requests in flight at once: two, as tile usage policies ask of clients. */
  concurrency?: number;
  fetchImpl?: typeof fetch;
  openCache?: () => Promise<Pick<Cache, 'put'>>;
}

export async function keepTiles(urls: readonly string[], options: KeepOptions = {}): Promise<KeepProgress> {
  const { signal, onProgress, concurrency = 2, fetchImpl = globalThis.fetch.bind(globalThis), openCache = () => caches.open(KEPT_TILES_CACHE) } = options;
  const cache = await openCache();
  const progress: KeepProgress = { done: 0, total: urls.length, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      signal?.throwIfAborted();
      const url = urls[next++];
      try {
        const response = await fetchImpl(url, { signal, mode: 'cors' });
        if (response.ok) await cache.put(url, response);
        else progress.failed++;
      } catch (e) {
        if (signal?.aborted) throw e;
        progress.failed++;
      }
      progress.done++;
      onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return progress;
}

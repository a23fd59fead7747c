/**
 * The cache of map tiles a racer asked to keep for offline use ('Keep this circuit's map for offline'): written
 * by the page, read first by the service worker's tile route. Apart from the runtime tile cache so its expiry
 * never drops tiles someone kept on purpose.
 */
export const KEPT_TILES_CACHE = 'map-tiles-kept';

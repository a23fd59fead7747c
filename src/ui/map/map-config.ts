/**
 * Tile source settings. OSM's tile usage policy asks for visible attribution, a valid referer (browsers send it)
 * and no bulk downloading: the app only loads tiles for the viewed area and the service worker caches them at
 * runtime as they are viewed (no prefetch). `VITE_TILE_URL` points at another XYZ server (self-hosted, offline kit).
 * @internal Exported for its tests.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors';

/** Deepest zoom we request (OSM serves up to 19). */
export const MAX_TILE_ZOOM = 19;

export interface TileSettings {
  url: string;
  attribution: string;
}

/**
 * An XYZ tile URL template: http(s) with {z}, {x} and {y} (or {-y}).
 * @internal Exported for its tests.
 */
export function isTileTemplate(raw: unknown): raw is string {
  return (
    typeof raw === 'string' &&
    /^https?:\/\//.test(raw) &&
    raw.includes('{z}') &&
    raw.includes('{x}') &&
    (raw.includes('{y}') || raw.includes('{-y}'))
  );
}

/** Reads the tile URL from the build env; an empty or missing value, or one without {z}/{x}/{y}, falls back to OSM. */
export function tileSettings(env: Record<string, unknown> = import.meta.env): TileSettings {
  const raw = typeof env.VITE_TILE_URL === 'string' ? env.VITE_TILE_URL.trim() : '';
  const valid = raw !== '' && raw.includes('{z}') && raw.includes('{x}') && (raw.includes('{y}') || raw.includes('{-y}'));
  const attribution = typeof env.VITE_TILE_ATTRIBUTION === 'string' && env.VITE_TILE_ATTRIBUTION.trim() !== '' ? env.VITE_TILE_ATTRIBUTION : OSM_ATTRIBUTION;
  return { url: valid ? raw : DEFAULT_TILE_URL, attribution };
}

/**
 * Where the last tile URL the server announced is kept (offline starts use it).
 * @internal Exported for its tests.
 */
export const TILE_URL_STORAGE_KEY = 'astro.tileUrl';

/** The tile URL the server announced last time, if any (valid templates only). */
export function rememberedTileUrl(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string | null {
  try {
    const value = storage?.getItem(TILE_URL_STORAGE_KEY);
    return isTileTemplate(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The deployment's tile URL (server TILE_URL, GET /api/map-config), remembered for offline starts; the
 * remembered one (or null) when the server cannot be asked. The build's VITE_TILE_URL stays the fallback.
 */
export async function fetchTileUrl(
  fetchImpl: typeof fetch = globalThis.fetch,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): Promise<string | null> {
  try {
    const response = await fetchImpl('/api/map-config', { headers: { accept: 'application/json' } });
    if (response.ok) {
      const body = (await response.json()) as { tileUrl?: unknown };
      if (isTileTemplate(body.tileUrl)) {
        try {
          storage?.setItem(TILE_URL_STORAGE_KEY, body.tileUrl);
        } catch {
          // storage full or blocked: the answer still applies to this page
        }
        return body.tileUrl;
      }
    }
  } catch {
    // offline: fall through to the remembered one
  }
  return rememberedTileUrl(storage);
}

/**
 * Tile source settings. OSM's tile usage policy asks for visible attribution, a valid referer (browsers send it)
 * and no bulk downloading: the app only loads tiles for the viewed area and the service worker caches them at
 * runtime as they are viewed (no prefetch). `VITE_TILE_URL` points at another XYZ server (self-hosted, offline kit).
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors';

/** Deepest zoom we request (OSM serves up to 19). */
export const MAX_TILE_ZOOM = 19;

export interface TileSettings {
  url: string;
  attribution: string;
}

/** Reads the tile URL from the build env; an empty or missing value, or one without {z}/{x}/{y}, falls back to OSM. */
export function tileSettings(env: Record<string, unknown> = import.meta.env): TileSettings {
  const raw = typeof env.VITE_TILE_URL === 'string' ? env.VITE_TILE_URL.trim() : '';
  const valid = raw !== '' && raw.includes('{z}') && raw.includes('{x}') && (raw.includes('{y}') || raw.includes('{-y}'));
  const attribution = typeof env.VITE_TILE_ATTRIBUTION === 'string' && env.VITE_TILE_ATTRIBUTION.trim() !== '' ? env.VITE_TILE_ATTRIBUTION : OSM_ATTRIBUTION;
  return { url: valid ? raw : DEFAULT_TILE_URL, attribution };
}

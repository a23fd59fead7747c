/**
 * The bounded tile set kept for one circuit offline: the circuit's box (plus a margin) at a few zoom levels, never
 * more than MAX_KEPT_TILES. Tile servers forbid bulk downloading (OpenStreetMap's tile usage policy); a few
 * hundred tiles of one circuit, on the racer's request only, fetched two at a time, stays a viewing-sized load.
 */
export const MAX_KEPT_TILES = 300;

export interface LatLonBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** Web Mercator stops at ±85.0511°. */
const MAX_LAT = 85.051_128_78;

/** @internal Exported for its tests. */
export function tileX(lon: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
}

/** @internal Exported for its tests. */
export function tileY(lat: number, z: number): number {
  const n = 2 ** z;
  const rad = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)));
}

export interface TileSetOptions {
  minZoom?: number;
  maxZoom?: number;
  /** Added around the box on each side, as a fraction of its size (the view around the track). */
  margin?: number;
  cap?: number;
}

/**
 * Tiles covering `box` from minZoom up: a zoom level goes in whole or not at all, and the deeper levels stop as
 * soon as the next one would pass the cap (a huge box keeps its overview levels only, or nothing).
 */
export function circuitTileSet(box: LatLonBox, { minZoom = 12, maxZoom = 18, margin = 0.15, cap = MAX_KEPT_TILES }: TileSetOptions = {}): TileId[] {
  if (![box.south, box.west, box.north, box.east].every(Number.isFinite) || box.north < box.south || box.east < box.west) return [];
  const padLat = (box.north - box.south) * margin;
  const padLon = (box.east - box.west) * margin;
  const south = box.south - padLat;
  const north = box.north + padLat;
  const west = box.west - padLon;
  const east = box.east + padLon;
  const tiles: TileId[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const x0 = tileX(west, z);
    const x1 = tileX(east, z);
    const y0 = tileY(north, z);
    const y1 = tileY(south, z);
    const count = (x1 - x0 + 1) * (y1 - y0 + 1);
    if (tiles.length + count > cap) break;
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** The box of some positions (0/0 placeholders and non-finite fixes left out); null without any. */
export function boxOf(lat: ArrayLike<number>, lon: ArrayLike<number>, from = 0, to = lat.length): LatLonBox | null {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (let i = from; i < to; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (!Number.isFinite(la) || !Number.isFinite(lo) || (la === 0 && lo === 0)) continue;
    if (la < south) south = la;
    if (la > north) north = la;
    if (lo < west) west = lo;
    if (lo > east) east = lo;
  }
  return south <= north ? { south, west, north, east } : null;
}

/** A tile's URL from an XYZ template ({z}, {x}, {y} or {-y}, and {s} / {a-c} subdomains as 'a'). */
export function tileUrl(template: string, { z, x, y }: TileId): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{-y}', String(2 ** z - 1 - y))
    .replace(/\{s\}|\{[a-z]-[a-z]\}/, 'a');
}

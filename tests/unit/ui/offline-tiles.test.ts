import { describe, expect, it, vi } from 'vitest';
import { boxOf, circuitTileSet, MAX_KEPT_TILES, tileUrl, tileX, tileY } from '../../../src/ui/map/offline-tiles';
import { keepTiles } from '../../../src/ui/map/keep-tiles';

/** Rustavi International Motorpark, about 1.2 x 0.9 km. */
const RUSTAVI = { south: 41.4615, west: 45.0055, north: 41.4695, east: 45.0195 };

describe('tiles kept for a circuit offline', () => {
  it('numbers tiles the XYZ way', () => {
    expect([tileX(0, 1), tileY(0, 1)]).toEqual([1, 1]);
    expect([tileX(-180, 3), tileY(85.06, 3)]).toEqual([0, 0]);
    expect([tileX(180, 3), tileY(-85.06, 3)]).toEqual([7, 7]);
    // Braga at zoom 15 (checked against the slippy-map formula with asinh).
    expect([tileX(-8.4262, 15), tileY(41.5518, 15)]).toEqual([15617, 12218]);
  });

  it('covers a circuit at several whole zoom levels, never more than the cap', () => {
    const tiles = circuitTileSet(RUSTAVI);
    expect(tiles.length).toBeGreaterThan(10);
    expect(tiles.length).toBeLessThanOrEqual(MAX_KEPT_TILES);
    const zooms = [...new Set(tiles.map((t) => t.z))];
    expect(zooms[0]).toBe(12);
    expect(zooms.length).toBeGreaterThanOrEqual(5);
    // Every level covers the whole circuit: its corners' tiles are in.
    for (const z of zooms) {
      for (const [lat, lon] of [
        [RUSTAVI.south, RUSTAVI.west],
        [RUSTAVI.north, RUSTAVI.east],
      ]) {
        expect(tiles.some((t) => t.z === z && t.x === tileX(lon, z) && t.y === tileY(lat, z))).toBe(true);
      }
    }
  });

  it('stops before a zoom level that would pass the cap, and keeps nothing for a box far too big', () => {
    const region = { south: 40, west: -9, north: 42, east: -7 };
    const tiles = circuitTileSet(region, { minZoom: 6, maxZoom: 18 });
    expect(tiles.length).toBeLessThanOrEqual(MAX_KEPT_TILES);
    expect(Math.max(...tiles.map((t) => t.z))).toBeLessThan(12);
    expect(circuitTileSet({ south: -60, west: -170, north: 70, east: 170 }, { minZoom: 12 })).toEqual([]);
    expect(circuitTileSet({ south: NaN, west: 0, north: 1, east: 1 })).toEqual([]);
    expect(circuitTileSet(RUSTAVI, { cap: 10 }).length).toBeLessThanOrEqual(10);
  });

  it('boxes positions without the 0/0 placeholders and makes tile URLs from the template', () => {
    expect(boxOf([0, 41.46, NaN, 41.47], [0, 45.01, 1, 45.02])).toEqual({ south: 41.46, west: 45.01, north: 41.47, east: 45.02 });
    expect(boxOf([0], [0])).toBeNull();
    expect(tileUrl('https://tile.example/{z}/{x}/{y}.png', { z: 3, x: 1, y: 2 })).toBe('https://tile.example/3/1/2.png');
    expect(tileUrl('http://{s}.t.example/{z}/{x}/{-y}.png', { z: 3, x: 1, y: 2 })).toBe('http://a.t.example/3/1/5.png');
  });

  it('fetches two at a time into the kept cache with progress, and stops when cancelled', async () => {
    let inFlight = 0;
    let most = 0;
    const put = vi.fn(async () => undefined);
    const fetchImpl = vi.fn(async (url: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return new Response(url.endsWith('/bad.png') ? null : 'png', { status: url.endsWith('/bad.png') ? 404 : 200 });
    }) as unknown as typeof fetch;
    const seen: number[] = [];
    const urls = ['a', 'b', 'c', 'd', '/bad.png'].map((u) => `http://t/${u}`);
    const result = await keepTiles(urls, { fetchImpl, openCache: async () => ({ put }), onProgress: (p) => seen.push(p.done) });
    expect(result).toEqual({ done: 5, total: 5, failed: 1 });
    expect(most).toBe(2);
    expect(put).toHaveBeenCalledTimes(4);
    expect(seen).toEqual([1, 2, 3, 4, 5]);

    const controller = new AbortController();
    const cancelled = keepTiles(urls, { fetchImpl, openCache: async () => ({ put }), signal: controller.signal, onProgress: (p) => p.done === 2 && controller.abort() });
    await expect(cancelled).rejects.toThrow();
  });
});

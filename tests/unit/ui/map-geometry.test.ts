import { describe, expect, it } from 'vitest';
import { latOfMercatorY, lonOfMercatorX, mercatorX, mercatorY, toMercatorFlat } from '../../../src/ui/map/web-mercator';
import { SPEED_BANDS, speedBand, speedRuns } from '../../../src/ui/map/speed-runs';
import { gateSegments, gateText, parseGateText } from '../../../src/ui/map/gate-segments';
import { DEFAULT_TILE_URL, tileSettings } from '../../../src/ui/map/map-config';
import { distanceM } from '../../../src/domain/geo/distance';
import { bearingDeg } from '../../../src/domain/geo/heading';

describe('web mercator', () => {
  it('round-trips degrees and matches the EPSG:3857 reference values', () => {
    expect(mercatorX(180)).toBeCloseTo(20037508.34, 1);
    expect(mercatorY(0)).toBeCloseTo(0, 6);
    expect(latOfMercatorY(mercatorY(41.5))).toBeCloseTo(41.5, 9);
    expect(lonOfMercatorX(mercatorX(-8.61))).toBeCloseTo(-8.61, 9);
  });

  it('skips non-finite and 0/0 fixes and decimates fixes closer than the step', () => {
    const lat = [41.5, NaN, 0, 41.500001, 41.5001, 41.5002];
    const lon = [-8.6, -8.6, 0, -8.6, -8.6, -8.6];
    expect(toMercatorFlat(lat, lon).length).toBe(8);
    // 41.500001 is 0.11 m from the first fix: dropped with a 0.5 m step; the last fix is always kept.
    const flat = toMercatorFlat(lat, lon, 0, lat.length, 0.5);
    expect(flat.length).toBe(6);
    expect(latOfMercatorY(flat[5])).toBeCloseTo(41.5002, 9);
  });
});

describe('speed-coloured runs', () => {
  it('puts a speed in the band of its fraction of the range', () => {
    expect(speedBand(0, 0, 160)).toBe(0);
    expect(speedBand(160, 0, 160)).toBe(SPEED_BANDS - 1);
    expect(speedBand(80, 0, 160)).toBe(4);
    expect(speedBand(500, 0, 160)).toBe(SPEED_BANDS - 1);
    expect(speedBand(50, 50, 50)).toBe(0);
  });

  it('splits a trace into connected runs per band that together cover every fix', () => {
    const n = 40;
    const lat = Array.from({ length: n }, (_, i) => 41.5 + i * 1e-4);
    const lon = Array.from({ length: n }, () => -8.6);
    const speed = Array.from({ length: n }, (_, i) => (i < 20 ? 30 : 150));
    const bands = speedRuns(lat, lon, speed, 0, n, 30, 150);
    expect(bands[0]).toHaveLength(1);
    expect(bands[SPEED_BANDS - 1]).toHaveLength(1);
    const slow = bands[0][0];
    const fast = bands[SPEED_BANDS - 1][0];
    expect(slow.length / 2).toBe(20);
    // The fast run starts at the slow run's last point, so the drawn line has no gap.
    expect(fast.length / 2).toBe(21);
    expect([fast[0], fast[1]]).toEqual([slow[slow.length - 2], slow[slow.length - 1]]);
  });
});

describe('gate segments', () => {
  it('draws a gate perpendicular to a trace heading north, with the circuit width', () => {
    const n = 200;
    const lat = Float64Array.from({ length: n }, (_, i) => 41.5 + i * 2e-5);
    const lon = Float64Array.from({ length: n }, () => -8.6);
    const [segment] = gateSegments([{ lat: 41.501, lon: -8.6 }], 12, { lat, lon, count: n });
    expect(segment.oriented).toBe(true);
    expect(distanceM(segment.a.lat, segment.a.lon, segment.b.lat, segment.b.lon)).toBeCloseTo(12, 1);
    const bearing = bearingDeg(segment.a.lat, segment.a.lon, segment.b.lat, segment.b.lon);
    expect(Math.min(Math.abs(bearing - 90), Math.abs(bearing - 270))).toBeLessThan(1);
  });

  it('falls back to an east-west line when no trace passes the gate', () => {
    const [segment] = gateSegments([{ lat: 41.5, lon: -8.6 }], 10);
    expect(segment.oriented).toBe(false);
    expect(segment.a.lat).toBeCloseTo(41.5, 9);
    expect(segment.b.lon).toBeGreaterThan(segment.a.lon);
  });

  it('parses and writes the circuit coordinates text, dropping invalid pairs', () => {
    expect(parseGateText('41.5;-8.6;91;0;41.6;-8.7;0;0;x;1')).toEqual([
      { lat: 41.5, lon: -8.6 },
      { lat: 41.6, lon: -8.7 },
    ]);
    expect(parseGateText(gateText([{ lat: 41.123456789, lon: -8.1 }]))).toEqual([{ lat: 41.1234568, lon: -8.1 }]);
    expect(parseGateText('')).toEqual([]);
  });
});

describe('tile settings', () => {
  it('uses VITE_TILE_URL when it is an XYZ template and OSM otherwise', () => {
    expect(tileSettings({ VITE_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).url).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(tileSettings({ VITE_TILE_URL: 'https://broken.example/tile.png' }).url).toBe(DEFAULT_TILE_URL);
    expect(tileSettings({}).url).toBe(DEFAULT_TILE_URL);
    expect(tileSettings({}).attribution).toContain('OpenStreetMap');
  });
});

describe('colour alpha', () => {
  it('adds an alpha to hex, hsl and rgb colours and leaves names alone', async () => {
    const { withAlpha } = await import('../../../src/ui/map/colors');
    expect(withAlpha('#ff0000', 0.5)).toBe('#ff000080');
    expect(withAlpha('hsl(120, 85%, 50%)', 0.35)).toBe('hsla(120, 85%, 50%, 0.35)');
    expect(withAlpha('rgb(1, 2, 3)', 1)).toBe('rgba(1, 2, 3, 1)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });
});

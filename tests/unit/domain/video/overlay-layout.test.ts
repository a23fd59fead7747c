import { describe, expect, it } from 'vitest';
import { DEFAULT_GAUGES, GAUGES, layoutOverlay, orientationOf, parseGaugeChoice, toggleGauge, type Rect } from '../../../../src/domain/video/overlay-layout';

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('overlay layout', () => {
  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
    [1440, 1080],
    [1080, 1920],
    [720, 1280],
  ]) {
    it(`keeps every gauge inside a ${width}x${height} frame, whole pixels, none overlapping`, () => {
      const boxes = layoutOverlay(width, height, GAUGES);
      const rects = GAUGES.map((g) => boxes[g]!);
      for (const r of rects) {
        expect(r.x).toBeGreaterThanOrEqual(0);
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.x + r.width).toBeLessThanOrEqual(width);
        expect(r.y + r.height).toBeLessThanOrEqual(height);
        expect([r.x, r.y, r.width, r.height].every(Number.isInteger)).toBe(true);
      }
      for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i], rects[j]), `${GAUGES[i]} / ${GAUGES[j]}`).toBe(false);
      expect(boxes.map!.width).toBe(boxes.map!.height);
    });
  }

  it('puts the map in the bottom-right corner and the lap timer at the top-left in both shapes', () => {
    for (const [w, h] of [
      [1920, 1080],
      [1080, 1920],
    ]) {
      const { map, lapTimer } = layoutOverlay(w, h, ['map', 'lapTimer']);
      expect(map!.x + map!.width).toBeGreaterThan(w * 0.9);
      expect(map!.y + map!.height).toBeGreaterThan(h * 0.9);
      expect(lapTimer!.x).toBeLessThan(w * 0.1);
      expect(lapTimer!.y).toBeLessThan(h * 0.1);
    }
    expect(orientationOf(1080, 1920)).toBe('portrait');
  });

  it('scales with the frame: a 4K frame is the 1080p layout doubled', () => {
    const small = layoutOverlay(1920, 1080, ['speed', 'map']);
    const big = layoutOverlay(3840, 2160, ['speed', 'map']);
    expect(Math.abs(big.speed!.width - 2 * small.speed!.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(big.map!.x - 2 * small.map!.x)).toBeLessThanOrEqual(2);
  });

  it('lays out only the gauges chosen', () => {
    expect(Object.keys(layoutOverlay(1280, 720, ['speed']))).toEqual(['speed']);
  });
});

describe('the racer’s choice of gauges', () => {
  it('reads a stored choice back in gauge order, once each, ignoring names it does not know', () => {
    expect(parseGaugeChoice(JSON.stringify(['map', 'speed', 'map', 'rpm']))).toEqual(['speed', 'map']);
  });

  it('falls back to the defaults when nothing or garbage is stored, and keeps an empty choice empty', () => {
    expect(parseGaugeChoice(null)).toEqual(DEFAULT_GAUGES);
    expect(parseGaugeChoice('{not json')).toEqual(DEFAULT_GAUGES);
    expect(parseGaugeChoice('{"map":true}')).toEqual(DEFAULT_GAUGES);
    expect(parseGaugeChoice('[]')).toEqual([]);
  });

  it('turns one gauge on or off and keeps the others', () => {
    expect(toggleGauge(['speed', 'map'], 'gMeter', true)).toEqual(['speed', 'map', 'gMeter']);
    expect(toggleGauge(['speed', 'map', 'gMeter'], 'map', false)).toEqual(['speed', 'gMeter']);
  });
});

describe('overlay sizes on 16:9 and 9:16 frames', () => {
  it('gives a phone’s portrait frame a map and g-meter as wide, in pixels, as a landscape frame of the same short side', () => {
    const landscape = layoutOverlay(1920, 1080, ['map', 'gMeter']);
    const portrait = layoutOverlay(1080, 1920, ['map', 'gMeter']);
    expect(portrait.gMeter!.width).toBe(landscape.gMeter!.width);
    expect(portrait.map!.width).toBeGreaterThanOrEqual(landscape.map!.width);
  });

  it('keeps the middle of a portrait frame clear (the road ahead)', () => {
    const boxes = layoutOverlay(1080, 1920, GAUGES);
    const middle: Rect = { x: 0, y: 1920 * 0.4, width: 1080, height: 1920 * 0.2 };
    for (const g of GAUGES) expect(overlaps(boxes[g]!, middle), g).toBe(false);
  });

  it('keeps the g-meter square and beside the speed on a landscape frame', () => {
    const { gMeter, speed } = layoutOverlay(1280, 720, ['gMeter', 'speed']);
    expect(gMeter!.width).toBe(gMeter!.height);
    expect(gMeter!.x).toBeGreaterThan(speed!.x + speed!.width);
    expect(gMeter!.y + gMeter!.height).toBe(speed!.y + speed!.height);
  });
});

import { describe, expect, it } from 'vitest';
import { GAUGES, layoutOverlay, orientationOf, type Rect } from '../../../../src/domain/video/overlay-layout';

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

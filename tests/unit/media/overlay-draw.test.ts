/**
 * The overlay's drawing with no DOM (as in the export's worker): a recording 2D context and a stand-in Path2D,
 * checking which gauges draw what, not pixels.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OverlayValues } from '../../../src/domain/video/overlay-values';
import { GAUGES, layoutOverlay } from '../../../src/domain/video/overlay-layout';
import { changedArea, drawOverlay, gaugeKey, type OverlayContext, type OverlayScene } from '../../../src/media/overlay-draw';

class FakePath2D {
  points = 0;
  moveTo(): void {
    this.points++;
  }
  lineTo(): void {
    this.points++;
  }
}

/** Records every method call (name and arguments) and every property set, and measures text at 10 px a character. */
function recordingContext(): { ctx: OverlayContext; calls: [string, unknown[]][]; texts: string[]; fills: string[] } {
  const calls: [string, unknown[]][] = [];
  const texts: string[] = [];
  const fills: string[] = [];
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(target, key: string) {
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        calls.push([key, args]);
        if (key === 'fillText') texts.push(String(args[0]));
        if (key === 'fill' || key === 'fillRect' || key === 'fillText') fills.push(String(target.fillStyle));
        if (key === 'measureText') return { width: String(args[0]).length * 10 };
        return undefined;
      };
    },
    set(target, key: string, value) {
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as OverlayContext, calls, texts, fills };
}

const values: OverlayValues = {
  lap: 3,
  lapElapsedMs: 61_234,
  lastLapMs: 98_765,
  speedKmh: 142.4,
  lapDistanceM: 1200,
  deltaMs: -420,
  sectors: [1, 0, null],
  lat: 41.57,
  lon: 45.05,
  lateralG: 0.8,
  longitudinalG: -0.3,
  gTrail: [
    [0.1, 0],
    [0.4, -0.1],
    [0.7, -0.2],
  ],
};

function scene(overrides: Partial<OverlayScene> = {}): OverlayScene {
  return {
    values,
    lapCount: 12,
    sessionName: 'Rustavi morning',
    sessionDate: '04/07/2026',
    track: { lat: [41.57, 41.571, 41.572, 41.57], lon: [45.05, 45.051, 45.05, 45.049] },
    labels: { lap: 'LAP', last: 'LAST', delta: 'DELTA', kmh: 'km/h', g: 'g' },
    gauges: GAUGES,
    locale: 'en-us',
    ...overrides,
  };
}

describe('overlay drawing', () => {
  beforeAll(() => vi.stubGlobal('Path2D', FakePath2D));
  afterAll(() => vi.unstubAllGlobals());

  it('draws every gauge chosen: timer, last lap, speed, delta in green when ahead, lap counter, name with date', () => {
    const { ctx, texts, fills } = recordingContext();
    drawOverlay(ctx, 1280, 720, scene());
    expect(texts).toEqual(expect.arrayContaining(['LAP 3', '01:01.23', 'LAST', '01:38.76', '142', 'DELTA', '-0.42', '3/12', 'Rustavi morning · 04/07/2026']));
    expect(fills).toContain('#51cf66');
  });

  it('draws the g-meter: a dot for each trail point and one for now, and the combined g', () => {
    const { ctx, calls, texts } = recordingContext();
    drawOverlay(ctx, 1280, 720, scene({ gauges: ['gMeter'] }));
    const arcs = calls.filter(([name]) => name === 'arc');
    // 3 rings, 3 trail points, the dot.
    expect(arcs.length).toBe(3 + 3 + 1);
    expect(texts).toContain('0.9');
  });

  it('draws the track outline once per box and the car on it, and nothing at all before the first fix', () => {
    const { ctx, calls } = recordingContext();
    const s = scene({ gauges: ['map'] });
    drawOverlay(ctx, 1280, 720, s);
    drawOverlay(ctx, 1280, 720, s);
    const strokes = calls.filter(([name, args]) => name === 'stroke' && args[0] instanceof FakePath2D).map(([, args]) => args[0]);
    expect(strokes).toHaveLength(2);
    expect(strokes[0]).toBe(strokes[1]);
    const empty = recordingContext();
    drawOverlay(empty.ctx, 1280, 720, scene({ values: { ...values, lap: null } }));
    expect(empty.calls.map(([name]) => name)).toEqual(['clearRect']);
  });

  it('draws only the gauges chosen', () => {
    const { ctx, texts } = recordingContext();
    drawOverlay(ctx, 390, 693, scene({ gauges: ['speed'] }));
    expect(texts).toEqual(['km/h', '142']);
  });

  it('keys a gauge by what it shows, and narrows what changed to the lap timer digits after the ones it kept', () => {
    const r = layoutOverlay(1280, 720, ['lapTimer']).lapTimer!;
    const a = gaugeKey('lapTimer', r, scene());
    const b = gaugeKey('lapTimer', r, scene({ values: { ...values, lapElapsedMs: 61_274 } }));
    expect(a).not.toBe(b);
    expect(gaugeKey('lapTimer', r, scene())).toBe(a);
    expect(gaugeKey('lapTimer', r, scene({ values: { ...values, lap: null } }))).toBe('');
    const { ctx } = recordingContext();
    // '01:01.23' to '01:01.27': seven characters kept, 10 px each in the recording context.
    const area = changedArea(ctx, 'lapTimer', r, a, b);
    const pad = r.height * 0.12;
    expect(area.x).toBeGreaterThan(r.x + pad + 60);
    expect(area.x).toBeLessThanOrEqual(r.x + pad + 70);
    expect(area.x + area.width).toBe(r.x + r.width);
    expect(area.y).toBeGreaterThan(r.y + r.height * 0.35);
    // Another lap: the label changes too, so the whole box.
    const c = gaugeKey('lapTimer', r, scene({ values: { ...values, lap: 4 } }));
    expect(changedArea(ctx, 'lapTimer', r, a, c)).toEqual(r);
  });

  it('narrows what changed on the map to where the car was and is', () => {
    const r = layoutOverlay(1280, 720, ['map']).map!;
    const a = gaugeKey('map', r, scene());
    const b = gaugeKey('map', r, scene({ values: { ...values, lat: 41.5705, lon: 45.0502 } }));
    const { ctx } = recordingContext();
    const area = changedArea(ctx, 'map', r, a, b);
    expect(area.width * area.height).toBeLessThan((r.width * r.height) / 2);
    expect(area.x).toBeGreaterThanOrEqual(r.x);
    expect(area.y + area.height).toBeLessThanOrEqual(r.y + r.height);
  });
});

/**
 * Where each overlay gauge sits on a video frame. Sizes are fractions of the frame's short side, so a 720p and a
 * 4K frame of one shape look alike; a landscape frame (16:9, 4:3) keeps the timing along the top and the speed and
 * map along the bottom corners, a portrait one (a phone's 9:16) stacks the timing at the top and leaves the middle
 * of the picture clear. Pixel rectangles, whole numbers, inside the frame and never overlapping.
 */

export const GAUGES = ['lapTimer', 'lastLap', 'sectors', 'speed', 'delta', 'map', 'gMeter', 'lapCounter', 'sessionName'] as const;
export type Gauge = (typeof GAUGES)[number];

/**
 * What a racer who has chosen nothing sees: the timing, speed, delta and map (the g-meter and name on request).
 * @internal Exported for its tests.
 */
export const DEFAULT_GAUGES: readonly Gauge[] = ['lapTimer', 'lastLap', 'sectors', 'speed', 'delta', 'map', 'lapCounter'];

/**
 * A stored choice of gauges (JSON from the device's storage, so untrusted): the known gauges it names, once each,
 * in GAUGES order; the defaults when it is missing or unreadable. An empty list is a choice (no overlay).
 */
export function parseGaugeChoice(raw: string | null): Gauge[] {
  if (raw === null) return [...DEFAULT_GAUGES];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [...DEFAULT_GAUGES];
  }
  if (!Array.isArray(value)) return [...DEFAULT_GAUGES];
  return GAUGES.filter((g) => value.includes(g));
}

/** The choice with one gauge turned on or off (kept in GAUGES order). */
export function toggleGauge(choice: readonly Gauge[], gauge: Gauge, on: boolean): Gauge[] {
  return GAUGES.filter((g) => (g === gauge ? on : choice.includes(g)));
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** @internal Exported for its tests. */
export type Orientation = 'landscape' | 'portrait';

/** One gauge's box in short-side units, anchored at a frame corner (x from the right when `right`, etc.). */
interface Slot {
  x: number;
  y: number;
  w: number;
  h: number;
  right?: boolean;
  bottom?: boolean;
  /** Centred horizontally, but never left of `x`. */
  centre?: boolean;
}

const M = 0.03;
const GAP = 0.01;

const LANDSCAPE: Record<Gauge, Slot> = {
  lapTimer: { x: M, y: M, w: 0.55, h: 0.16 },
  lastLap: { x: M, y: M + 0.16 + GAP, w: 0.55, h: 0.08 },
  sectors: { x: M, y: M + 0.24 + 2 * GAP, w: 0.55, h: 0.08 },
  delta: { x: M + 0.55 + GAP, y: M, w: 0.4, h: 0.1, centre: true },
  lapCounter: { x: M, y: M, w: 0.3, h: 0.1, right: true },
  sessionName: { x: M, y: M + 0.1 + GAP, w: 0.5, h: 0.07, right: true },
  speed: { x: M, y: M, w: 0.4, h: 0.2, bottom: true },
  gMeter: { x: M + 0.4 + GAP, y: M, w: 0.2, h: 0.2, bottom: true },
  map: { x: M, y: M, w: 0.35, h: 0.35, right: true, bottom: true },
};

const PORTRAIT: Record<Gauge, Slot> = {
  lapTimer: { x: M, y: M, w: 0.6, h: 0.16 },
  lapCounter: { x: M, y: M, w: 0.32, h: 0.1, right: true },
  lastLap: { x: M, y: M + 0.1 + GAP, w: 0.32, h: 0.08, right: true },
  delta: { x: M, y: M + 0.16 + GAP, w: 0.6, h: 0.12 },
  sectors: { x: M, y: M + 0.28 + 2 * GAP, w: 0.94, h: 0.08 },
  sessionName: { x: M, y: M + 0.36 + 3 * GAP, w: 0.94, h: 0.07 },
  speed: { x: M, y: M, w: 0.45, h: 0.24, bottom: true },
  gMeter: { x: M, y: M + 0.24 + GAP, w: 0.2, h: 0.2, bottom: true },
  map: { x: M, y: M, w: 0.45, h: 0.45, right: true, bottom: true },
};

/** @internal Exported for its tests. */
export function orientationOf(width: number, height: number): Orientation {
  return width >= height ? 'landscape' : 'portrait';
}

/** The boxes of the chosen gauges on a frame of this size (gauges not chosen are absent). */
export function layoutOverlay(width: number, height: number, gauges: readonly Gauge[]): Partial<Record<Gauge, Rect>> {
  const orientation = orientationOf(width, height);
  const table = orientation === 'landscape' ? LANDSCAPE : PORTRAIT;
  const s = Math.min(width, height);
  const out: Partial<Record<Gauge, Rect>> = {};
  for (const gauge of gauges) {
    const slot = table[gauge];
    const w = Math.round(slot.w * s);
    const h = Math.round(slot.h * s);
    let x = slot.right ? width - Math.round(slot.x * s) - w : Math.round(slot.x * s);
    if (slot.centre) x = Math.max(x, Math.round((width - w) / 2));
    const y = slot.bottom ? height - Math.round(slot.y * s) - h : Math.round(slot.y * s);
    out[gauge] = { x, y, width: w, height: h };
  }
  return out;
}

/**
 * The linked cursor of the lap viewer: at a distance into the lap (metres, the charts' x axis) the speed and
 * position of both compared laps (the compared lap and the reference) and the delta between them, read the way
 * the charts draw them: speed at each lap's own measured distance, delta with the lap's distance scaled to the
 * reference's length (domain deltaTime), so the tooltip says what the lines show under the cursor.
 */
import { DistanceCursor } from '../../../domain/lap-compare/resample';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import { formatSpeedKmh } from '../../../domain/value-format/speed';
import { traceOf, type LapEntry } from '../shared';
import type { TooltipLine } from './charts/chart-options';
import { seriesValueAt } from './charts/series-value';

interface CursorLap {
  key: string;
  color: string;
  isReference: boolean;
  /** The lap the video shows at this moment. */
  isPlaying: boolean;
  speedKmh: number;
  lat: number;
  lon: number;
}

export interface CursorReading {
  distanceM: number;
  /**
   * The lap the video plays when it is another one, the lap under the pointer when it is another one (a line of the
   * speed chart), then the compared lap, then the reference (one entry when they are the same lap).
   */
  laps: CursorLap[];
  /** Compared lap minus reference, seconds (positive: behind); null with one lap only or past either lap. */
  deltaS: number | null;
}

function at(trace: LapTrace, d: number): DistanceCursor {
  const cursor = new DistanceCursor(trace);
  cursor.seek(d);
  return cursor;
}

const lengthOf = (trace: LapTrace) => (trace.count > 0 ? trace.distanceM[trace.count - 1] : 0);

/** `playing`: the lap the video shows (when a video plays), named first and marked as the video's. */
export function cursorReading(reference: LapEntry | null, compared: LapEntry | null, distanceM: number, underPointer: LapEntry | null = null, playing: LapEntry | null = null): CursorReading | null {
  if (!reference || !Number.isFinite(distanceM)) return null;
  const entries = compared && compared.key !== reference.key ? [compared, reference] : [reference];
  let shown = underPointer && !entries.some((e) => e.key === underPointer.key) ? [underPointer, ...entries] : entries;
  if (playing && !shown.some((e) => e.key === playing.key)) shown = [playing, ...shown];
  const laps: CursorLap[] = [];
  for (const entry of shown) {
    const trace = traceOf(entry);
    if (trace.count < 2) continue;
    const c = at(trace, Math.min(Math.max(0, distanceM), lengthOf(trace)));
    laps.push({ key: entry.key, color: entry.lap.color, isReference: entry === reference, isPlaying: entry.key === playing?.key, speedKmh: c.value(trace.speedKmh), lat: c.value(trace.lat), lon: c.value(trace.lon) });
  }
  if (laps.length === 0) return null;
  // The delta stays the compared lap's against the reference (what the delta chart draws).
  let deltaS: number | null = null;
  if (entries.length === 2) {
    const lap = traceOf(entries[0]);
    const ref = traceOf(reference);
    const refTotal = lengthOf(ref);
    if (lap.count > 1 && ref.count > 1 && refTotal > 0 && distanceM >= 0 && distanceM <= refTotal) {
      const scale = lengthOf(lap) / refTotal;
      deltaS = (at(lap, distanceM * scale).value(lap.timeMs) - at(ref, distanceM).value(ref.timeMs)) / 1000;
    }
  }
  return { distanceM, laps, deltaS };
}

/** A click farther than this from the lap's line is not on it (the racer was panning the map, or missed). */
const NEAR_LINE_M = 100;
const M_PER_DEG = 111_320;

/**
 * The distance into the lap (metres) of the place on its line nearest a point (a click on the map): the nearest
 * segment between two fixes, the point projected onto it. Null when the point is farther than NEAR_LINE_M from the
 * line, or the lap has no segment.
 */
export function lapDistanceNear(trace: LapTrace, lat: number, lon: number): number | null {
  if (trace.count < 2 || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  const kx = Math.cos((lat * Math.PI) / 180) * M_PER_DEG;
  let best = Infinity;
  let bestD: number | null = null;
  let ax = (trace.lon[0] - lon) * kx;
  let ay = (trace.lat[0] - lat) * M_PER_DEG;
  for (let i = 1; i < trace.count; i++) {
    const bx = (trace.lon[i] - lon) * kx;
    const by = (trace.lat[i] - lat) * M_PER_DEG;
    // The click is the origin: the segment's point nearest it.
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const f = len2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2)) : 0;
    const px = ax + f * dx;
    const py = ay + f * dy;
    const d2 = px * px + py * py;
    if (d2 < best) {
      best = d2;
      bestD = trace.distanceM[i - 1] + f * (trace.distanceM[i] - trace.distanceM[i - 1]);
    }
    ax = bx;
    ay = by;
  }
  return best <= NEAR_LINE_M * NEAR_LINE_M ? bestD : null;
}

/** The g chart's tooltip: the distance, then each line's g (2 decimals) in its colour. */
export function gCursorLines(series: readonly { name: string; color: string; points: readonly (readonly [number, number])[] }[], distanceM: number, texts: Pick<CursorTexts, 'locale' | 'distance'> & { g(line: string, g: string): string }): TooltipLine[] {
  const metres = new Intl.NumberFormat(texts.locale, { maximumFractionDigits: 0 });
  const gs = new Intl.NumberFormat(texts.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const lines: TooltipLine[] = [{ text: texts.distance(metres.format(distanceM)) }];
  for (const s of series) {
    const v = seriesValueAt(s.points, distanceM);
    if (v !== null) lines.push({ text: texts.g(s.name, gs.format(v)), color: s.color });
  }
  return lines;
}

export interface CursorTexts {
  /** BCP 47 tag of the user's language ('en-US', 'pt-PT'). */
  locale: string;
  lapName(key: string): string;
  distance(distance: string): string;
  speed(lap: string, speed: string): string;
  reference(lap: string): string;
  /** The lap the video shows: 'Lap 5, on the video'. */
  playing(lap: string): string;
  delta(delta: string): string;
}

/** The tooltip: distance, each lap's speed (km/h, one decimal) and the delta (s, signed), in the user's locale. */
export function cursorLines(reading: CursorReading, texts: CursorTexts): TooltipLine[] {
  const metres = new Intl.NumberFormat(texts.locale, { maximumFractionDigits: 0 });
  const seconds = new Intl.NumberFormat(texts.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const lines: TooltipLine[] = [{ text: texts.distance(metres.format(reading.distanceM)) }];
  for (const lap of reading.laps) {
    const named = lap.isReference ? texts.reference(texts.lapName(lap.key)) : texts.lapName(lap.key);
    const name = lap.isPlaying ? texts.playing(named) : named;
    lines.push({ text: texts.speed(name, formatSpeedKmh(lap.speedKmh, texts.locale)), color: lap.color });
  }
  if (reading.deltaS !== null && Number.isFinite(reading.deltaS)) lines.push({ text: texts.delta(seconds.format(reading.deltaS)) });
  return lines;
}

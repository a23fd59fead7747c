/**
 * The linked cursor of the lap viewer: at a distance into the lap (metres, the charts' x axis) the speed and
 * position of both compared laps (the compared lap and the reference) and the delta between them, read the way
 * the charts draw them: speed at each lap's own measured distance, delta with the lap's distance scaled to the
 * reference's length (domain deltaTime), so the tooltip says what the lines show under the cursor.
 */
import { DistanceCursor } from '../../domain/lap-compare/resample';
import type { LapTrace } from '../../domain/lap-compare/lap-trace';
import { formatSpeedKmh } from '../../domain/format/speed';
import { traceOf, type LapEntry } from './analysis-view';
import type { TooltipLine } from './charts/chart-options';

interface CursorLap {
  key: string;
  color: string;
  isReference: boolean;
  speedKmh: number;
  lat: number;
  lon: number;
}

export interface CursorReading {
  distanceM: number;
  /** The compared lap first, then the reference (one entry when they are the same lap). */
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

export function cursorReading(reference: LapEntry | null, compared: LapEntry | null, distanceM: number): CursorReading | null {
  if (!reference || !Number.isFinite(distanceM)) return null;
  const entries = compared && compared.key !== reference.key ? [compared, reference] : [reference];
  const laps: CursorLap[] = [];
  for (const entry of entries) {
    const trace = traceOf(entry);
    if (trace.count < 2) continue;
    const c = at(trace, Math.min(Math.max(0, distanceM), lengthOf(trace)));
    laps.push({ key: entry.key, color: entry.lap.color, isReference: entry === reference, speedKmh: c.value(trace.speedKmh), lat: c.value(trace.lat), lon: c.value(trace.lon) });
  }
  if (laps.length === 0) return null;
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

export interface CursorTexts {
  /** BCP 47 tag of the user's language ('en-US', 'pt-PT'). */
  locale: string;
  lapName(key: string): string;
  distance(distance: string): string;
  speed(lap: string, speed: string): string;
  reference(lap: string): string;
  delta(delta: string): string;
}

/** The tooltip: distance, each lap's speed (km/h, one decimal) and the delta (s, signed), in the user's locale. */
export function cursorLines(reading: CursorReading, texts: CursorTexts): TooltipLine[] {
  const metres = new Intl.NumberFormat(texts.locale, { maximumFractionDigits: 0 });
  const seconds = new Intl.NumberFormat(texts.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const lines: TooltipLine[] = [{ text: texts.distance(metres.format(reading.distanceM)) }];
  for (const lap of reading.laps) {
    const name = lap.isReference ? texts.reference(texts.lapName(lap.key)) : texts.lapName(lap.key);
    lines.push({ text: texts.speed(name, formatSpeedKmh(lap.speedKmh, texts.locale)), color: lap.color });
  }
  if (reading.deltaS !== null && Number.isFinite(reading.deltaS)) lines.push({ text: texts.delta(seconds.format(reading.deltaS)) });
  return lines;
}

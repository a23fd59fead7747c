/**
 * What each lap of a session was: a racing lap, or one the driver did not try to drive fast (out-lap, in-lap, a
 * lap through the pit lane, a lap beyond 107 % of the fastest) or that is not a whole lap. One definition for the
 * whole app: the lap table marks every lap that is not racing, and the consistency figures, the drivable optimal
 * and the coach's default comparison use racing laps only.
 *
 * From the positions (any logger):
 * - a pit event is a stop (below STOP_KMH for at least STOP_MS: a pit box, a session start) or a stretch of at
 *   least OFF_LINE_MIN_M driven more than OFF_LINE_M from the racing line (the fastest full lap's line: a pit lane
 *   runs beside the track, 14-30 m from it on the real logs, while racing laps stay within 5 m of each other);
 * - out-lap: a pit event within PIT_WINDOW_FRACTION of a lap's length before or after the lap's start (it left
 *   the pits, or the session began standing); in-lap: one around its finish (it came back in); both, or a stop in
 *   the middle of the lap: a pit lap;
 * - partial: its length is more than LENGTH_FRACTION off the median lap's (a cut, a missed line);
 * - slow: its time is beyond 107 % of the fastest lap that is none of the above (racing's own rule).
 * Without positions only the times can be judged (invalid, slow, racing).
 */
import { createLocalProjection } from '../geo/local-projection';
import type { PositionColumns } from '../session-types';

export type LapKind = 'racing' | 'out' | 'in' | 'pit' | 'slow' | 'partial' | 'invalid';

/** Codes of the kinds, for typed columns (worker transfers); the order is fixed. */
export const LAP_KINDS: readonly LapKind[] = ['racing', 'out', 'in', 'pit', 'slow', 'partial', 'invalid'];

/** Within 107 % of the fastest lap: the rule racing itself uses to tell a racing lap from one that is not. */
const RACING_TIME_FRACTION = 0.07;
const LENGTH_FRACTION = 0.05;
const STOP_KMH = 5;
const STOP_MS = 3000;
/** The device's fix interval (25 Hz), for a fix logged without its time. */
const FIX_INTERVAL_MS = 40;
const OFF_LINE_M = 10;
const OFF_LINE_MIN_M = 50;
const PIT_WINDOW_FRACTION = 0.25;
/** Every how many fixes the distance to the racing line is measured (25 Hz: 6 times a second, metres apart). */
const OFF_LINE_STRIDE = 4;
/** Cell of the raster the racing line is stamped into, metres (a fix's distance to the line is known within it). */
const RASTER_M = 2;
const MAX_RASTER_CELLS = 4_000_000;

export interface KindLap {
  lapNumber: number;
  /** The lap's fixes [startIndex, endIndex); both 0 without fixes. */
  startIndex: number;
  endIndex: number;
  valid: boolean;
  timeMs: number;
}

interface Span {
  /** Session distance (positions.distanceM) where it begins and ends, metres. */
  fromM: number;
  toM: number;
}

export function lapKinds(laps: readonly KindLap[], positions: PositionColumns | null): LapKind[] {
  const kinds: LapKind[] = laps.map((l) => (l.valid && l.timeMs > 0 && l.lapNumber !== 0 ? 'racing' : 'invalid'));
  const withFixes = (i: number) => positions !== null && laps[i].endIndex > laps[i].startIndex && laps[i].startIndex < positions.count;
  if (positions && positions.count > 1) {
    const last = (i: number) => Math.min(laps[i].endIndex, positions.count - 1);
    const lengthOf = (i: number) => positions.distanceM[last(i)] - positions.distanceM[laps[i].startIndex];
    const measured = laps.map((_, i) => i).filter((i) => kinds[i] === 'racing' && withFixes(i));
    const lapLength = median(measured.map(lengthOf));
    for (const i of measured) if (Math.abs(lengthOf(i) - lapLength) > lapLength * LENGTH_FRACTION) kinds[i] = 'partial';
    const full = measured.filter((i) => kinds[i] === 'racing');
    const stops = stopSpans(positions);
    // The racing line: the fastest full lap without a stop (a pit lane is slower than the track beside it).
    const clean = full.filter((i) => !stops.some((s) => s.toM >= positions.distanceM[laps[i].startIndex] && s.fromM <= positions.distanceM[last(i)]));
    const line = clean.reduce((b, i) => (b < 0 || laps[i].timeMs < laps[b].timeMs ? i : b), -1);
    const events = line >= 0 ? [...stops, ...offLineSpans(positions, laps[line].startIndex, last(line))] : stops;
    const window = lapLength * PIT_WINDOW_FRACTION;
    for (const i of measured) {
      const start = positions.distanceM[laps[i].startIndex];
      const end = positions.distanceM[last(i)];
      const near = (at: number) => events.some((e) => e.toM >= at - window && e.fromM <= at + window);
      const out = near(start);
      const inLap = near(end);
      const midStop = stops.some((s) => s.toM > start + window && s.fromM < end - window);
      if ((out && inLap) || midStop) kinds[i] = 'pit';
      else if (out) kinds[i] = 'out';
      else if (inLap) kinds[i] = 'in';
    }
  }
  let fastest = Infinity;
  kinds.forEach((k, i) => {
    if (k === 'racing' && laps[i].timeMs < fastest) fastest = laps[i].timeMs;
  });
  kinds.forEach((k, i) => {
    if (k === 'racing' && laps[i].timeMs > fastest * (1 + RACING_TIME_FRACTION)) kinds[i] = 'slow';
  });
  return kinds;
}

/**
 * Runs of fixes below STOP_KMH lasting at least STOP_MS (a fix without a time counts as the device's 40 ms: the
 * times are read at the runs' ends only, a 7 h session has few runs and 630,000 fixes).
 */
function stopSpans(p: PositionColumns): Span[] {
  const { speedKmh, timeMs, distanceM, count } = p;
  const spans: Span[] = [];
  let from = -1;
  for (let i = 0; i <= count; i++) {
    if (i < count && speedKmh[i] < STOP_KMH) {
      if (from < 0) from = i;
      continue;
    }
    if (from < 0) continue;
    const duration = timeMs[i - 1] - timeMs[from];
    if ((Number.isFinite(duration) ? duration : (i - 1 - from) * FIX_INTERVAL_MS) >= STOP_MS) spans.push({ fromM: distanceM[from], toM: distanceM[i - 1] });
    from = -1;
  }
  return spans;
}

/**
 * Stretches of at least OFF_LINE_MIN_M where the session runs more than OFF_LINE_M from the line of fixes
 * [first, last]. The line is stamped once into a raster of RASTER_M cells (a cell is near when its centre lies
 * within OFF_LINE_M of a line point), so each fix costs one lookup: a 7 h session measures ~160,000 fixes.
 */
function offLineSpans(p: PositionColumns, first: number, last: number): Span[] {
  const projection = createLocalProjection(p.lat[first], p.lon[first]);
  const { originLat, originLon, metresPerDegLat, metresPerDegLon } = projection;
  const x = (i: number) => (p.lon[i] - originLon) * metresPerDegLon;
  const y = (i: number) => (p.lat[i] - originLat) * metresPerDegLat;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = first; i <= last; i++) {
    minX = Math.min(minX, x(i));
    maxX = Math.max(maxX, x(i));
    minY = Math.min(minY, y(i));
    maxY = Math.max(maxY, y(i));
  }
  if (!(maxX >= minX && maxY >= minY)) return [];
  minX -= 2 * OFF_LINE_M;
  minY -= 2 * OFF_LINE_M;
  // Cells of RASTER_M, or larger for a circuit so large the raster would pass MAX_RASTER_CELLS.
  const size = Math.max(RASTER_M, Math.sqrt(((maxX - minX + 2 * OFF_LINE_M) * (maxY - minY + 2 * OFF_LINE_M)) / MAX_RASTER_CELLS));
  const width = Math.ceil((maxX - minX + 2 * OFF_LINE_M) / size) + 1;
  const height = Math.ceil((maxY - minY + 2 * OFF_LINE_M) / size) + 1;
  const near = new Uint8Array(width * height);
  // The cells within OFF_LINE_M of a cell (centre to centre: within a cell's diagonal of the exact distance).
  const reach = Math.ceil(OFF_LINE_M / size);
  const disk: number[] = [];
  for (let dy = -reach; dy <= reach; dy++) for (let dx = -reach; dx <= reach; dx++) if ((dx * dx + dy * dy) * size * size <= OFF_LINE_M * OFF_LINE_M) disk.push(dx, dy);
  let lastCell = -1;
  for (let i = first; i <= last; i++) {
    const cx = Math.floor((x(i) - minX) / size);
    const cy = Math.floor((y(i) - minY) / size);
    if (cy * width + cx === lastCell) continue;
    lastCell = cy * width + cx;
    for (let k = 0; k < disk.length; k += 2) {
      const gx = cx + disk[k];
      const gy = cy + disk[k + 1];
      if (gx >= 0 && gy >= 0 && gx < width && gy < height) near[gy * width + gx] = 1;
    }
  }
  const spans: Span[] = [];
  const { lat, lon, distanceM, count } = p;
  let from = -1;
  let to = -1;
  const close = () => {
    if (from >= 0 && distanceM[to] - distanceM[from] >= OFF_LINE_MIN_M) spans.push({ fromM: distanceM[from], toM: distanceM[to] });
    from = -1;
  };
  for (let i = 0; i < count; i += OFF_LINE_STRIDE) {
    const gx = Math.floor(((lon[i] - originLon) * metresPerDegLon - minX) / size);
    const gy = Math.floor(((lat[i] - originLat) * metresPerDegLat - minY) / size);
    // NaN coordinates fail every comparison: not off the line.
    const off = gx < 0 || gy < 0 || gx >= width || gy >= height ? Number.isFinite(gx + gy) : near[gy * width + gx] === 0;
    if (off) {
      if (from < 0) from = i;
      to = i;
    } else close();
  }
  close();
  return spans;
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Whole-session views, downsampled (run in the analysis worker): what the map draws of every lap and what the
 * speed chart overlays, without sending or drawing every 25 Hz fix. A 20 min session is 30,000 fixes; at track
 * zoom a lap needs a few hundred points to look identical (the cost of drawing grows with the
 * number of vertices).
 *
 * Per lap (its fixes [startIndex, endIndex) plus the next lap's first fix, so consecutive laps join up):
 * - map: Ramer-Douglas-Peucker in a local metric projection with `mapToleranceM` (default 0.2 m, sub-pixel at
 *   the zoom that fits a circuit and about half a pixel at the map's deepest fit zoom);
 * - speed chart: the same decimation on (distance since lap start, speed) scaled to a virtual chart of
 *   `chartWidthPx` x `chartHeightPx` pixels with `chartTolerancePx` (the virtual chart is wider than any screen,
 *   so zooming in a few times still shows every visible bend).
 * Both keep every lap boundary (first and last point), the lap's min and max speed fixes and the sector gate
 * crossings (the first fix of sectors 2 and 3, from the sector times), whatever the tolerance.
 *
 * Output is typed columns with per-lap offsets (never one object per point), so the worker transfers it.
 */
import type { PositionColumns } from '../session-types';
import { createLocalProjection } from '../geo/local-projection';
import { simplifyIndices } from './simplify';

/** The part of an analysed lap the views need (LapAnalysis satisfies it). */
export interface ViewLap {
  lapNumber: number;
  /** Fix range [startIndex, endIndex) in the position columns. */
  startIndex: number;
  endIndex: number;
  sectors: readonly { timeMs: number }[];
}

export interface SessionViewOptions {
  /** Map decimation tolerance, metres. Default 0.2. */
  mapToleranceM?: number;
  /** Virtual chart size the speed series is decimated for, pixels. Default 4000 x 400. */
  chartWidthPx?: number;
  chartHeightPx?: number;
  /** Chart decimation tolerance, virtual pixels. Default 0.5. */
  chartTolerancePx?: number;
}

export interface SessionViews {
  /** Lap numbers, in the order of the laps given (laps without fixes have an empty range). */
  lapNumbers: Int32Array;
  map: {
    /** Lap k's points are [lapOffsets[k], lapOffsets[k + 1]) of the columns below. */
    lapOffsets: Uint32Array;
    /** Points (in map columns) where sectors 2 and 3 start: [2k] and [2k + 1] for lap k. */
    sectorOffsets: Uint32Array;
    /** Fix index in the session's position columns of each point. */
    index: Uint32Array;
    lat: Float64Array;
    lon: Float64Array;
    speedKmh: Float32Array;
  };
  speed: {
    /** Lap k's points are [lapOffsets[k], lapOffsets[k + 1]). */
    lapOffsets: Uint32Array;
    /** Metres since the lap's first fix. */
    distanceM: Float32Array;
    speedKmh: Float32Array;
  };
  /** Fixes the views were built from (the sum of the laps' ranges) and points kept, for figures. */
  inputFixes: number;
}

/**
 * Fix indices where sectors 2 and 3 start inside a lap, from the sector times (time column of the fixes);
 * `endIndex` when a sector boundary is not reached. Without fix times (4-field lines) the split is by the share
 * of the lap time at the device's fixed rate.
 * @internal Exported for its tests.
 */
export function sectorSplitIndices(positions: PositionColumns, lap: ViewLap): [number, number] {
  const { startIndex, endIndex } = lap;
  const s = [0, 1, 2].map((k) => lap.sectors[k]?.timeMs ?? 0);
  const bounds = [s[0], s[0] + s[1]];
  const out: [number, number] = [endIndex, endIndex];
  if (endIndex <= startIndex) return out;
  const t0 = positions.timeMs[startIndex];
  if (!Number.isFinite(t0)) {
    const total = s[0] + s[1] + s[2];
    const n = endIndex - startIndex;
    bounds.forEach((b, k) => (out[k] = total > 0 ? Math.min(endIndex, startIndex + Math.round((b / total) * n)) : endIndex));
    return out;
  }
  let k = 0;
  for (let i = startIndex; i < endIndex && k < 2; i++) {
    while (k < 2 && positions.timeMs[i] - t0 >= bounds[k]) out[k++] = i;
  }
  return out;
}

const finite = (p: PositionColumns, i: number) => {
  const la = p.lat[i];
  const lo = p.lon[i];
  return Number.isFinite(la) && Number.isFinite(lo) && !(la === 0 && lo === 0);
};

/** Growable typed column (one allocation per doubling, never per point). */
class Column<T extends Float64Array | Float32Array | Uint32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.data.length) {
      const next = this.make(Math.max(16, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export function sessionViews(positions: PositionColumns, laps: readonly ViewLap[], options: SessionViewOptions = {}): SessionViews {
  const mapTol = options.mapToleranceM ?? 0.2;
  const widthPx = options.chartWidthPx ?? 4000;
  const heightPx = options.chartHeightPx ?? 400;
  const chartTol = options.chartTolerancePx ?? 0.5;
  const n = positions.count;
  const lapNumbers = Int32Array.from(laps, (l) => l.lapNumber);

  // Session-wide scales of the virtual chart: the longest lap and the speed range.
  let longest = 0;
  let vMin = Infinity;
  let vMax = -Infinity;
  let origin = -1;
  for (const lap of laps) {
    const end = Math.min(n, lap.endIndex + 1);
    if (lap.endIndex <= lap.startIndex) continue;
    longest = Math.max(longest, positions.distanceM[end - 1] - positions.distanceM[lap.startIndex]);
    for (let i = lap.startIndex; i < end; i++) {
      const v = positions.speedKmh[i];
      if (v < vMin) vMin = v;
      if (v > vMax) vMax = v;
      if (origin < 0 && finite(positions, i)) origin = i;
    }
  }
  const xScale = longest > 0 ? widthPx / longest : 1;
  const yScale = vMax > vMin ? heightPx / (vMax - vMin) : 1;
  const projection = origin >= 0 ? createLocalProjection(positions.lat[origin], positions.lon[origin]) : null;

  const mapIndex = new Column(new Uint32Array(0), (k) => new Uint32Array(k));
  const speedDist = new Column(new Float32Array(0), (k) => new Float32Array(k));
  const speedVal = new Column(new Float32Array(0), (k) => new Float32Array(k));
  const mapOffsets = new Uint32Array(laps.length + 1);
  const speedOffsets = new Uint32Array(laps.length + 1);
  const sectorOffsets = new Uint32Array(laps.length * 2);
  let inputFixes = 0;
  // Scratch columns reused across laps (grown to the longest lap).
  let fix = new Uint32Array(0);
  let ax = new Float64Array(0);
  let ay = new Float64Array(0);

  laps.forEach((lap, k) => {
    mapOffsets[k] = mapIndex.length;
    speedOffsets[k] = speedDist.length;
    sectorOffsets[2 * k] = sectorOffsets[2 * k + 1] = mapIndex.length;
    if (lap.endIndex <= lap.startIndex || !projection) return;
    const end = Math.min(n, lap.endIndex + 1);
    inputFixes += end - lap.startIndex;
    if (fix.length < end - lap.startIndex) {
      fix = new Uint32Array(end - lap.startIndex);
      ax = new Float64Array(fix.length);
      ay = new Float64Array(fix.length);
    }
    // Compact the lap's drawable fixes (placeholders and corrupt lines dropped).
    let m = 0;
    for (let i = lap.startIndex; i < end; i++) if (finite(positions, i)) fix[m++] = i;
    if (m === 0) return;
    let minI = -1;
    let maxI = -1;
    for (let j = 0; j < m; j++) {
      const v = positions.speedKmh[fix[j]];
      if (!Number.isFinite(v)) continue;
      if (minI < 0 || v < positions.speedKmh[fix[minI]]) minI = j;
      if (maxI < 0 || v > positions.speedKmh[fix[maxI]]) maxI = j;
    }
    const [s2, s3] = sectorSplitIndices(positions, lap);
    const s2j = lowerBound(fix, m, s2);
    const s3j = lowerBound(fix, m, s3);
    const forced = [minI, maxI, s2j, s3j].filter((j) => j >= 0 && j < m);

    for (let j = 0; j < m; j++) {
      ax[j] = projection.x(positions.lon[fix[j]]);
      ay[j] = projection.y(positions.lat[fix[j]]);
    }
    const mapKept = simplifyIndices(ax, ay, 0, m, mapTol, forced);
    for (const j of mapKept) mapIndex.push(fix[j]);
    sectorOffsets[2 * k] = mapOffsets[k] + lowerBound(mapKept, mapKept.length, s2j);
    sectorOffsets[2 * k + 1] = mapOffsets[k] + lowerBound(mapKept, mapKept.length, s3j);

    const d0 = positions.distanceM[fix[0]];
    for (let j = 0; j < m; j++) {
      ax[j] = (positions.distanceM[fix[j]] - d0) * xScale;
      const v = positions.speedKmh[fix[j]];
      ay[j] = Number.isFinite(v) ? (v - vMin) * yScale : 0;
    }
    const speedKept = simplifyIndices(ax, ay, 0, m, chartTol, forced);
    for (const j of speedKept) {
      speedDist.push(positions.distanceM[fix[j]] - d0);
      speedVal.push(positions.speedKmh[fix[j]]);
    }
  });
  mapOffsets[laps.length] = mapIndex.length;
  speedOffsets[laps.length] = speedDist.length;

  const index = mapIndex.done();
  const lat = new Float64Array(index.length);
  const lon = new Float64Array(index.length);
  const speedKmh = new Float32Array(index.length);
  for (let j = 0; j < index.length; j++) {
    lat[j] = positions.lat[index[j]];
    lon[j] = positions.lon[index[j]];
    speedKmh[j] = positions.speedKmh[index[j]];
  }
  return {
    lapNumbers,
    map: { lapOffsets: mapOffsets, sectorOffsets, index, lat, lon, speedKmh },
    speed: { lapOffsets: speedOffsets, distanceM: speedDist.done(), speedKmh: speedVal.done() },
    inputFixes,
  };
}

/** First position in sorted `a[0..m)` whose value is >= v (m when none). */
function lowerBound(a: ArrayLike<number>, m: number, v: number): number {
  let lo = 0;
  let hi = m;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

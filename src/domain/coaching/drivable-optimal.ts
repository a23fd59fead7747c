/**
 * A drivable optimal lap: the laps cut into micro-sectors of about `sectorM` metres (the same fractions of every
 * lap's length, so a micro-sector is the same stretch of track in each), then the fastest chain of micro-sectors
 * from start to finish in which each join is between two laps whose speeds at that boundary differ by at most
 * `speedToleranceKmh`. Taking the best of every micro-sector regardless of speed (the sum of best micro-sectors)
 * glues a slow corner exit to a flat-out straight, which no driver can do; matching speeds at the joins keeps the
 * result a lap a driver could have driven.
 *
 * By construction: sum of best micro-sectors <= drivable optimal <= best lap (staying on the best lap all the way is
 * a valid chain). The chain is found by dynamic programming over the boundaries, O(sectors x laps^2) at worst; the
 * candidates are scanned fastest first, so in practice the first compatible lap ends each scan.
 */
import type { LapTrace } from '../lap-compare/lap-trace';
import { DistanceCursor } from '../lap-compare/resample';

export interface DrivableOptimalOptions {
  /** Micro-sector length along the reference, metres (20-50 m is the useful range). Default 30. */
  sectorM?: number;
  /** Largest speed difference allowed at a join, km/h. Default 3. */
  speedToleranceKmh?: number;
  /** Spacing of the optimal lap's trace, metres. Default 2. */
  traceStepM?: number;
}

export interface DrivableOptimal {
  sectorCount: number;
  /** Reference distance of each boundary (sectorCount + 1 values, 0 first, the reference length last). */
  boundaryM: Float64Array;
  /** Index into the input laps of the lap each micro-sector is taken from. */
  lapOfSector: Int32Array;
  /** The drivable optimal lap time, ms. */
  timeMs: number;
  /** The best of every micro-sector regardless of speed, ms (a lower bound no driver reaches). */
  sumOfBestMs: number;
  /** Index of the fastest input lap, and its time, ms (the reference the boundaries are measured on). */
  bestLapIndex: number;
  bestLapMs: number;
  /** The optimal lap as a trace (time, distance along the reference, speed, position): draw it, or compare with it. */
  trace: LapTrace;
}

/** null when no lap has at least two fixes. */
export function drivableOptimal(laps: readonly LapTrace[], options: DrivableOptimalOptions = {}): DrivableOptimal | null {
  const sectorM = options.sectorM ?? 30;
  const tolerance = options.speedToleranceKmh ?? 3;
  const traceStepM = options.traceStepM ?? 2;
  const usable = laps.map((l, i) => ({ l, i })).filter(({ l }) => l.count >= 2 && l.distanceM[l.count - 1] > 0);
  if (usable.length === 0) return null;
  let best = usable[0];
  for (const u of usable) if (u.l.timeMs[u.l.count - 1] < best.l.timeMs[best.l.count - 1]) best = u;
  const lengthM = best.l.distanceM[best.l.count - 1];
  const sectors = Math.max(1, Math.round(lengthM / sectorM));
  const L = usable.length;
  const B = sectors + 1;

  // Time and speed of every lap at every boundary.
  const time = new Float64Array(L * B);
  const speed = new Float64Array(L * B);
  usable.forEach(({ l }, j) => {
    const cursor = new DistanceCursor(l);
    const total = l.distanceM[l.count - 1];
    for (let k = 0; k < B; k++) {
      cursor.seek((k / sectors) * total);
      time[j * B + k] = cursor.value(l.timeMs);
      speed[j * B + k] = cursor.value(l.speedKmh);
    }
  });
  const sectorTime = (j: number, k: number) => time[j * B + k + 1] - time[j * B + k];

  let sumOfBestMs = 0;
  for (let k = 0; k < sectors; k++) {
    let m = Infinity;
    for (let j = 0; j < L; j++) m = Math.min(m, sectorTime(j, k));
    sumOfBestMs += m;
  }

  // cost[j]: fastest chain over sectors 0..k ending in lap j's sector k; from[k * L + j]: the lap of sector k - 1.
  let cost = new Float64Array(L);
  let next = new Float64Array(L);
  const from = new Int32Array(sectors * L).fill(-1);
  for (let j = 0; j < L; j++) cost[j] = sectorTime(j, 0);
  const order = new Int32Array(L);
  for (let k = 1; k < sectors; k++) {
    for (let j = 0; j < L; j++) order[j] = j;
    order.sort((a, b) => cost[a] - cost[b]);
    for (let b = 0; b < L; b++) {
      const v = speed[b * B + k];
      let chosen = b;
      for (let o = 0; o < L; o++) {
        const a = order[o];
        if (a === b || Math.abs(speed[a * B + k] - v) <= tolerance) {
          chosen = a;
          break;
        }
      }
      next[b] = cost[chosen] + sectorTime(b, k);
      from[k * L + b] = chosen;
    }
    [cost, next] = [next, cost];
  }
  let end = 0;
  for (let j = 1; j < L; j++) if (cost[j] < cost[end]) end = j;
  const chain = new Int32Array(sectors);
  chain[sectors - 1] = end;
  for (let k = sectors - 1; k > 0; k--) chain[k - 1] = from[k * L + chain[k]];

  const boundaryM = new Float64Array(B);
  for (let k = 0; k < B; k++) boundaryM[k] = (k / sectors) * lengthM;
  return {
    sectorCount: sectors,
    boundaryM,
    lapOfSector: chain.map((j) => usable[j].i),
    timeMs: cost[end],
    sumOfBestMs,
    bestLapIndex: best.i,
    bestLapMs: best.l.timeMs[best.l.count - 1],
    trace: chainTrace(
      usable.map((u) => u.l),
      chain,
      sectors,
      lengthM,
      traceStepM,
    ),
  };
}

/** The chain as one trace: each micro-sector sampled every ~stepM metres from its lap, times added up. */
function chainTrace(laps: readonly LapTrace[], chain: Int32Array, sectors: number, lengthM: number, stepM: number): LapTrace {
  const perSector = Math.max(1, Math.round(lengthM / sectors / stepM));
  const count = sectors * perSector + 1;
  const trace: LapTrace = {
    count,
    timeMs: new Float64Array(count),
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
  };
  const cursors = laps.map((l) => new DistanceCursor(l));
  let elapsed = 0;
  let at = 0;
  for (let k = 0; k < sectors; k++) {
    const j = chain[k];
    const lap = laps[j];
    const cursor = cursors[j];
    const total = lap.distanceM[lap.count - 1];
    cursor.seek((k / sectors) * total);
    const start = cursor.value(lap.timeMs);
    for (let s = k === 0 ? 0 : 1; s <= perSector; s++) {
      const f = (k + s / perSector) / sectors;
      cursor.seek(f * total);
      trace.timeMs[at] = elapsed + cursor.value(lap.timeMs) - start;
      trace.distanceM[at] = f * lengthM;
      trace.speedKmh[at] = cursor.value(lap.speedKmh);
      trace.lat[at] = cursor.value(lap.lat);
      trace.lon[at] = cursor.value(lap.lon);
      at++;
    }
    elapsed = trace.timeMs[at - 1];
  }
  return trace;
}

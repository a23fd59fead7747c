/**
 * A drivable optimal lap: the laps cut into micro-sectors of about `sectorM` metres by gates laid across the
 * fastest lap's line (gate-crossings.ts: the same place on track for every lap), then the fastest chain of
 * micro-sectors from start to finish in which each join is between two laps whose speeds at that gate differ by
 * at most `speedToleranceKmh`. Taking the best of every micro-sector regardless of speed (the sum of best
 * micro-sectors) glues a slow corner exit to a flat-out straight, which no driver can do; matching speeds at the
 * joins keeps the result a lap a driver could have driven.
 *
 * By construction: sum of best micro-sectors <= drivable optimal <= best lap (staying on the best lap all the way is
 * a valid chain, and its sectors are timed on its own distance, so that chain is exactly the best lap). The chain is
 * found by dynamic programming over the gates, O(sectors x laps log laps) (JoinChooser).
 *
 * Noise: a gate's crossing time carries the GNSS position error along the track divided by the speed there
 * (POSITION_SD_M: ~0.3 m that wanders over seconds, as measured on the 25 Hz logs). Taking the best of every
 * micro-sector harvests that error at every join, each in its favour: eight noisy copies of one real lap came out
 * 1.2 s faster than the lap itself. So every join is charged what its noise could fake, JOIN_Z standard deviations
 * of the difference of two laps' crossing errors at that speed, and the chain minimises time plus charges: a join
 * is taken only where the other lap's gain over the stretch it is taken for pays for both its joins. The time
 * reported is the chain's measured time (the charges only choose it). The gain over the best lap is explained
 * stretch by stretch (`stretches`: where, from which lap, how much); README "Drivable optimal" derives its bound.
 *
 * The optimal lap's trace (optimal-trace.ts) blends the two laps over a short stretch around every join, so its
 * line, speed and g run on without a step where one lap hands over to the next.
 */
import { DistanceCursor } from '../lap-compare/resample';
import { accelerationOf } from './acceleration';
import { gateCrossings, gatesAlong } from './gate-crossings';
import { chainTrace, type CoachLap, type OptimalTrace } from './optimal-trace';

export type { CoachLap, OptimalTrace };

export interface DrivableOptimalOptions {
  /** Micro-sector length along the reference, metres (20-50 m is the useful range). Default 30. */
  sectorM?: number;
  /** Largest speed difference allowed at a join, km/h. Default 3. */
  speedToleranceKmh?: number;
  /** Spacing of the optimal lap's trace, metres. Default 2. */
  traceStepM?: number;
  /** Index into the laps of the reference (the officially fastest lap); default the lap with the shortest trace. */
  referenceIndex?: number;
  /** Charge per join in standard deviations of the crossing-time noise (0: none, the plain best chain). Default JOIN_Z. */
  joinZ?: number;
}

/** Along-track GNSS position error of one crossing, metres (1 sd), as measured on the 25 Hz logs (README). */
const POSITION_SD_M = 0.3;
/** A join's charge in sd of the two laps' crossing-time difference: 4 sd is passed by noise once in ~30,000 gates. */
const JOIN_Z = 4;
/** Slowest speed a charge is worked out at, m/s (a lap crawling through a gate would make it unbounded). */
const MIN_CHARGE_SPEED_MS = 5;

/**
 * What one join can fake at `speedKmh`, ms: JOIN_Z sd of the difference of two crossings' errors.
 * @internal Exported for its tests.
 */
export function joinChargeMs(speedKmh: number, z = JOIN_Z): number {
  const v = Math.max(MIN_CHARGE_SPEED_MS, speedKmh / 3.6);
  return (z * Math.SQRT2 * POSITION_SD_M * 1000) / v;
}

/** A stretch of the optimal lap taken from another lap than the best: what it gains against the best lap there. */
interface OptimalStretch {
  /** Index into the input laps. */
  lapIndex: number;
  /** Along the reference, metres. */
  fromM: number;
  toM: number;
  /** Time gained on the best lap over the stretch, ms (the stretches' gains add up to best lap - optimal). */
  gainMs: number;
}

export interface DrivableOptimal {
  sectorCount: number;
  /** Reference distance of each boundary (sectorCount + 1 values, 0 first, the reference length last). */
  boundaryM: Float64Array;
  /** Index into the input laps of the lap each micro-sector is taken from. */
  lapOfSector: Int32Array;
  /** The drivable optimal lap time, ms. */
  timeMs: number;
  /** The stretches taken from other laps than the best, in driving order. */
  stretches: OptimalStretch[];
  /** The best of every micro-sector regardless of speed, ms (a lower bound no driver reaches). */
  sumOfBestMs: number;
  /** Index of the fastest input lap, and its time, ms (the reference the boundaries are measured on). */
  bestLapIndex: number;
  bestLapMs: number;
  /**
   * The optimal lap as a trace (time, distance along the reference, speed, position) with its g (the chosen laps'
   * own, blended at the joins): draw it, or compare with it.
   */
  trace: OptimalTrace;
}

/** null when no lap has at least two fixes. */
export function drivableOptimal(laps: readonly CoachLap[], options: DrivableOptimalOptions = {}): DrivableOptimal | null {
  const sectorM = options.sectorM ?? 30;
  const tolerance = options.speedToleranceKmh ?? 3;
  const traceStepM = options.traceStepM ?? 2;
  const joinZ = options.joinZ ?? JOIN_Z;
  const usable = laps.map((l, i) => ({ l, i })).filter(({ l }) => l.count >= 2 && l.distanceM[l.count - 1] > 0);
  if (usable.length === 0) return null;
  let bestSlot = usable.findIndex((u) => u.i === options.referenceIndex);
  if (bestSlot < 0) {
    bestSlot = 0;
    usable.forEach((u, j) => {
      if (u.l.timeMs[u.l.count - 1] < usable[bestSlot].l.timeMs[usable[bestSlot].l.count - 1]) bestSlot = j;
    });
  }
  const reference = usable[bestSlot].l;
  const lengthM = reference.distanceM[reference.count - 1];
  const sectors = Math.max(1, Math.round(lengthM / sectorM));
  const L = usable.length;
  const B = sectors + 1;
  const boundaryM = new Float64Array(B);
  for (let k = 0; k < B; k++) boundaryM[k] = (k / sectors) * lengthM;

  // Time, own distance and speed of every lap at every boundary: the start and the finish are the lap's own ends,
  // the gates between are crossings (the reference's own at its exact distances).
  const gates = gatesAlong(reference, boundaryM.subarray(1, sectors));
  const time = new Float64Array(L * B);
  const distance = new Float64Array(L * B);
  const speed = new Float64Array(L * B);
  usable.forEach(({ l }, j) => {
    const last = l.count - 1;
    time[j * B] = l.timeMs[0];
    speed[j * B] = l.speedKmh[0];
    time[j * B + sectors] = l.timeMs[last];
    distance[j * B + sectors] = l.distanceM[last];
    speed[j * B + sectors] = l.speedKmh[last];
    if (j === bestSlot) {
      const cursor = new DistanceCursor(l);
      for (let k = 1; k < sectors; k++) {
        cursor.seek(boundaryM[k]);
        time[j * B + k] = cursor.value(l.timeMs);
        distance[j * B + k] = boundaryM[k];
        speed[j * B + k] = cursor.value(l.speedKmh);
      }
    } else {
      const row = (column: Float64Array) => column.subarray(j * B + 1, j * B + sectors);
      gateCrossings(l, gates, { timeMs: row(time), distanceM: row(distance), speedKmh: row(speed) });
    }
  });
  /** A sector a lap did not drive through both gates of is never taken (Infinity; NaN would poison the sums). */
  const sectorTime = (j: number, k: number) => {
    const t = time[j * B + k + 1] - time[j * B + k];
    return Number.isFinite(t) && t > 0 ? t : Infinity;
  };

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
  // The start and the finish are crossings too, timed with the same noise: a chain that starts or ends on another
  // lap than the best is charged as if it joined there (else a lap's noisy start would be taken for free).
  const endCharge = (j: number, k: number) => (j === bestSlot || joinZ <= 0 ? 0 : joinChargeMs((speed[j * B + k] + speed[bestSlot * B + k]) / 2, joinZ));
  for (let j = 0; j < L; j++) cost[j] = sectorTime(j, 0) + endCharge(j, 0);
  const join = new JoinChooser(L);
  for (let k = 1; k < sectors; k++) {
    const row = from.subarray(k * L, (k + 1) * L);
    join.choose(cost, speed, B, k, tolerance, row);
    for (let b = 0; b < L; b++) {
      // The cheapest compatible lap c: joining it is worth its charge only if it still beats staying on b.
      const c = row[b];
      if (c !== b && joinZ > 0) {
        const charge = joinChargeMs((speed[b * B + k] + speed[c * B + k]) / 2, joinZ);
        if (!(cost[c] + charge < cost[b])) row[b] = b;
        else {
          next[b] = cost[c] + charge + sectorTime(b, k);
          continue;
        }
      }
      next[b] = cost[row[b]] + sectorTime(b, k);
    }
    [cost, next] = [next, cost];
  }
  let end = 0;
  for (let j = 1; j < L; j++) if (cost[j] + endCharge(j, sectors) < cost[end] + endCharge(end, sectors)) end = j;
  const chain = new Int32Array(sectors);
  chain[sectors - 1] = end;
  for (let k = sectors - 1; k > 0; k--) chain[k - 1] = from[k * L + chain[k]];
  // The chain's measured time (charges left out) and its stretches off the best lap.
  let timeMs = 0;
  const stretches: OptimalStretch[] = [];
  for (let k = 0; k < sectors; k++) {
    const j = chain[k];
    timeMs += sectorTime(j, k);
    if (j === bestSlot) continue;
    const gain = sectorTime(bestSlot, k) - sectorTime(j, k);
    const last = stretches[stretches.length - 1];
    if (last && last.lapIndex === j && last.toM === boundaryM[k]) {
      last.toM = boundaryM[k + 1];
      last.gainMs += gain;
    } else stretches.push({ lapIndex: j, fromM: boundaryM[k], toM: boundaryM[k + 1], gainMs: gain });
  }

  const withG = usable.map(({ l }) => {
    const { longitudinalG, lateralG } = l.longitudinalG && l.lateralG ? { longitudinalG: l.longitudinalG, lateralG: l.lateralG } : accelerationOf(l);
    return { ...l, longitudinalG, lateralG };
  });
  return {
    sectorCount: sectors,
    boundaryM,
    lapOfSector: chain.map((j) => usable[j].i),
    timeMs,
    stretches: stretches.map((st) => ({ ...st, lapIndex: usable[st.lapIndex].i })),
    sumOfBestMs,
    bestLapIndex: usable[bestSlot].i,
    bestLapMs: reference.timeMs[reference.count - 1],
    trace: chainTrace(withG, chain, { boundaryM, timeMs: time, distanceM: distance }, traceStepM),
  };
}

/**
 * For every lap b at one gate, the lap its chain comes from: the cheapest chain so far (lowest cost, then lowest
 * index) among b itself and the laps whose speed at the gate is within the tolerance of b's. Scanning all laps in
 * cost order for each b until one matches is O(laps^2) a gate when few match, and on a 7 h session (363 laps) that
 * scan was most of the optimal lap's time. Here the laps are sorted by speed once a gate: b's
 * compatible laps are then one contiguous run of that order (|s - v| rounds monotonically in s) whose ends only
 * move forward as b's speed grows, so a sliding-window minimum (a deque of candidates of increasing cost) finds
 * each b's choice in O(laps) after the sort. It chooses exactly what the scan chose (optimal-and-alignment.test.ts
 * compares the two).
 * @internal Exported for its tests.
 */
export class JoinChooser {
  /** All laps, ordered by their speed at the last gate: the next gate's order is near it (insertion sort). */
  private readonly bySpeed: Int32Array;
  private readonly key: Float64Array;
  private readonly deque: Int32Array;

  constructor(private readonly laps: number) {
    this.bySpeed = Int32Array.from({ length: laps }, (_, j) => j);
    this.key = new Float64Array(laps);
    this.deque = new Int32Array(laps);
  }

  /** out[b] for every lap b; `speed[j * stride + gate]` is lap j's speed at the gate (NaN: it missed the gate). */
  choose(cost: Float64Array, speed: Float64Array, stride: number, gate: number, tolerance: number, out: Int32Array): void {
    const L = this.laps;
    const v = (j: number) => speed[j * stride + gate];
    // Laps without a speed at the gate match no other lap (nor any lap them), so they stay on themselves; with no
    // tolerance at all (negative or NaN), every lap does.
    let n = 0;
    for (let j = 0; j < L; j++) {
      const missed = Number.isNaN(v(j)) || !(tolerance >= 0);
      if (missed) out[j] = j;
      else n++;
      this.key[j] = missed ? Infinity : v(j);
    }
    // Sorted by an insertion sort from the last gate's order: laps keep their places from one gate to the next
    // but for a few, so it moves little (a comparator-sort's calls cost a browser more). Ties in any order: laps
    // of equal speed are in and out of every window together. Laps that matched nothing sort last.
    const order = this.bySpeed;
    const key = this.key;
    for (let p = 1; p < L; p++) {
      const j = order[p];
      const kj = key[j];
      let q = p - 1;
      while (q >= 0 && key[order[q]] > kj) {
        order[q + 1] = order[q];
        q--;
      }
      order[q + 1] = j;
    }
    // Lower cost first, then the lower index, the order of the stable sort by cost the scan used.
    const before = (a: number, b: number) => cost[a] < cost[b] || (cost[a] === cost[b] && a < b);
    // Positions in `order` of the window's candidates: increasing positions, increasing (cost, index).
    const deque = this.deque;
    let head = 0;
    let tail = 0;
    let lo = 0;
    let hi = 0;
    for (let p = 0; p < n; p++) {
      const speedB = v(order[p]);
      while (hi < n && Math.abs(v(order[hi]) - speedB) <= tolerance) {
        while (tail > head && before(order[hi], order[deque[tail - 1]])) tail--;
        deque[tail++] = hi++;
      }
      while (!(Math.abs(v(order[lo]) - speedB) <= tolerance)) lo++;
      while (deque[head] < lo) head++;
      out[order[p]] = order[deque[head]];
    }
  }
}

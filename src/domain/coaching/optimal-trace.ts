/**
 * The drivable optimal lap as one trace: each micro-sector sampled every ~stepM metres of the reference from the
 * lap it is taken from, times added up sector after sector, so the trace's time at the finish is the optimal time.
 *
 * Inside a micro-sector, a lap's own distance is mapped linearly between its two gate crossings, so every lap is
 * read at the same place on track. Where two laps hand over, their lines lie a metre or two apart across the track
 * and their speeds up to the join tolerance apart: cut over in one sample, the line would jump sideways, which read
 * as a turn gives spikes of several g. So over BLEND_M either side of a join the position, speed and g are blended
 * from the outgoing lap to the incoming one (smoothstep weights, the same place on track in both), and g is the
 * laps' own (from their fixes, not differentiated again from the stitched line): every blended value lies between
 * two measured ones, so the optimal lap's g never leaves what the laps themselves did. Times are not blended:
 * they are each sector's measured time, so the trace's time keeps adding up to the optimal time.
 */
import type { LapTrace } from '../lap-compare/lap-trace';
import { DistanceCursor } from '../lap-compare/resample';

/** Half-length of the blend around a join, metres (capped at half a micro-sector so blends never overlap). */
const BLEND_M = 15;

/** A lap given to the optimal lap: its trace and, when known, its g per fix (acceleration.ts). */
export type CoachLap = LapTrace & { longitudinalG?: ArrayLike<number>; lateralG?: ArrayLike<number> };

/** The optimal lap's trace and its g per sample. */
export type OptimalTrace = LapTrace & { longitudinalG: Float32Array; lateralG: Float32Array };

interface Boundaries {
  /** Reference distance of every boundary (sectors + 1). */
  boundaryM: Float64Array;
  /** Per lap j and boundary k at [j * (sectors + 1) + k]: the lap's time (ms) and own distance (m); NaN: missed. */
  timeMs: Float64Array;
  distanceM: Float64Array;
}

const smoothstep = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

export function chainTrace(laps: readonly (LapTrace & { longitudinalG: ArrayLike<number>; lateralG: ArrayLike<number> })[], chain: Int32Array, b: Boundaries, stepM: number): OptimalTrace {
  const sectors = chain.length;
  const B = sectors + 1;
  const lengthM = b.boundaryM[sectors];
  const sectorLen = lengthM / sectors;
  const blend = Math.min(BLEND_M, sectorLen / 2);
  const perSector = Math.max(1, Math.round(sectorLen / stepM));
  const count = sectors * perSector + 1;
  const trace: OptimalTrace = {
    count,
    timeMs: new Float64Array(count),
    distanceM: new Float64Array(count),
    speedKmh: new Float32Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    longitudinalG: new Float32Array(count),
    lateralG: new Float32Array(count),
  };
  const cursors = laps.map((l) => new DistanceCursor(l));

  /** Lap j's own distance at reference distance d: linear between its crossings of the sector's gates. */
  const ownDistance = (j: number, d: number) => {
    const k = Math.min(sectors - 1, Math.max(0, Math.floor(d / sectorLen)));
    const a = b.distanceM[j * B + k];
    const z = b.distanceM[j * B + k + 1];
    const from = b.boundaryM[k];
    const to = b.boundaryM[k + 1];
    if (Number.isFinite(a) && Number.isFinite(z)) return a + ((d - from) / (to - from)) * (z - a);
    if (Number.isFinite(a)) return a + (d - from);
    if (Number.isFinite(z)) return z - (to - d);
    const lap = laps[j];
    return (d / lengthM) * lap.distanceM[lap.count - 1];
  };
  const values = new Float64Array(5);
  const other = new Float64Array(5);
  const read = (j: number, d: number, out: Float64Array) => {
    const lap = laps[j];
    const cursor = cursors[j];
    cursor.seek(ownDistance(j, d));
    out[0] = cursor.value(lap.lat);
    out[1] = cursor.value(lap.lon);
    out[2] = cursor.value(lap.speedKmh);
    out[3] = cursor.value(lap.longitudinalG);
    out[4] = cursor.value(lap.lateralG);
  };
  const mix = (w: number, from: Float64Array, to: Float64Array) => {
    for (let c = 0; c < 5; c++) to[c] = from[c] + w * (to[c] - from[c]);
  };

  let elapsed = 0;
  let at = 0;
  for (let k = 0; k < sectors; k++) {
    const j = chain[k];
    const lap = laps[j];
    const start = b.timeMs[j * B + k];
    const lo = b.boundaryM[k];
    const hi = b.boundaryM[k + 1];
    for (let s = k === 0 ? 0 : 1; s <= perSector; s++) {
      const d = lo + (s / perSector) * (hi - lo);
      read(j, d, values);
      const cursor = cursors[j];
      trace.timeMs[at] = elapsed + cursor.value(lap.timeMs) - start;
      if (k > 0 && chain[k - 1] !== j && d - lo < blend) {
        // Handing over from the previous sector's lap: its values here, weighted out.
        read(chain[k - 1], d, other);
        mix(smoothstep((d - lo + blend) / (2 * blend)), other, values);
      } else if (k + 1 < sectors && chain[k + 1] !== j && hi - d < blend) {
        read(chain[k + 1], d, other);
        mix(smoothstep((d - hi + blend) / (2 * blend)), values, other);
        values.set(other);
      }
      trace.distanceM[at] = d;
      trace.lat[at] = values[0];
      trace.lon[at] = values[1];
      trace.speedKmh[at] = values[2];
      trace.longitudinalG[at] = values[3];
      trace.lateralG[at] = values[4];
      at++;
    }
    elapsed = trace.timeMs[at - 1];
  }
  return trace;
}

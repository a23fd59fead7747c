/**
 * Aligning two laps' lines (two sessions, two loggers, GPS drifting between days): both laps are resampled at the
 * same `samples` fractions of their length, so sample i is the same place on track in each, and the rigid motion
 * of the plane (rotation about the lap's centroid, then a shift) that best maps the lap's samples onto the
 * reference's in the least-squares sense is found in closed form (2-D Procrustes / Kabsch): the rotation angle is
 * atan2(sum(p x q), sum(p . q)) over the centred points, the shift moves the rotated centroid onto the reference's.
 * No scaling: a GNSS offset moves a whole line, it does not stretch it.
 */
import { createLocalProjection, type LocalProjection } from '../geo/local-projection';
import type { LapTrace } from '../lap-compare/lap-trace';
import { DistanceCursor } from '../lap-compare/resample';

export interface LineAlignment {
  /** Rotation applied about the lap's centroid, radians (counter-clockwise in the east-north plane). */
  rotationRad: number;
  /** Shift of the lap's centroid, metres east and north. */
  eastM: number;
  northM: number;
  /** Root-mean-square distance between corresponding samples before and after the fit, metres. */
  rmsBeforeM: number;
  rmsAfterM: number;
  /** The lap's centroid (the rotation's centre) and the projection used, for applyAlignment. */
  centreLat: number;
  centreLon: number;
}

function sampleColumns(trace: LapTrace, samples: number, projection: LocalProjection): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(samples);
  const y = new Float64Array(samples);
  const cursor = new DistanceCursor(trace);
  const total = trace.distanceM[trace.count - 1];
  for (let i = 0; i < samples; i++) {
    cursor.seek((i / (samples - 1)) * total);
    x[i] = projection.x(cursor.value(trace.lon));
    y[i] = projection.y(cursor.value(trace.lat));
  }
  return { x, y };
}

/** The rigid fit of `lap` onto `reference`; null when either lap has fewer than two fixes. */
export function alignLines(lap: LapTrace, reference: LapTrace, samples = 500): LineAlignment | null {
  if (lap.count < 2 || reference.count < 2 || samples < 2) return null;
  const projection = createLocalProjection(reference.lat[0], reference.lon[0]);
  const p = sampleColumns(lap, samples, projection);
  const q = sampleColumns(reference, samples, projection);
  let px = 0, py = 0, qx = 0, qy = 0;
  for (let i = 0; i < samples; i++) {
    px += p.x[i];
    py += p.y[i];
    qx += q.x[i];
    qy += q.y[i];
  }
  px /= samples;
  py /= samples;
  qx /= samples;
  qy /= samples;
  let dot = 0, cross = 0, before = 0;
  for (let i = 0; i < samples; i++) {
    const ax = p.x[i] - px;
    const ay = p.y[i] - py;
    const bx = q.x[i] - qx;
    const by = q.y[i] - qy;
    dot += ax * bx + ay * by;
    cross += ax * by - ay * bx;
    before += (p.x[i] - q.x[i]) ** 2 + (p.y[i] - q.y[i]) ** 2;
  }
  const angle = Math.atan2(cross, dot);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let after = 0;
  for (let i = 0; i < samples; i++) {
    const ax = p.x[i] - px;
    const ay = p.y[i] - py;
    after += (qx + cos * ax - sin * ay - q.x[i]) ** 2 + (qy + sin * ax + cos * ay - q.y[i]) ** 2;
  }
  return {
    rotationRad: angle,
    eastM: qx - px,
    northM: qy - py,
    rmsBeforeM: Math.sqrt(before / samples),
    rmsAfterM: Math.sqrt(after / samples),
    centreLat: projection.lat(py),
    centreLon: projection.lon(px),
  };
}

/**
 * Moves positions by an alignment: returns a function from (lat, lon) to the moved [lat, lon]. The same motion for
 * every point, so a whole session's line (or one cursor position on it) moves as the fitted lap did.
 */
export function alignmentMover(alignment: LineAlignment): (lat: number, lon: number) => [number, number] {
  const projection = createLocalProjection(alignment.centreLat, alignment.centreLon);
  const cos = Math.cos(alignment.rotationRad);
  const sin = Math.sin(alignment.rotationRad);
  return (lat, lon) => {
    const x = projection.x(lon);
    const y = projection.y(lat);
    return [projection.lat(sin * x + cos * y + alignment.northM), projection.lon(cos * x - sin * y + alignment.eastM)];
  };
}

/** Latitude and longitude columns moved by an alignment (new arrays). */
export function alignColumns(lat: ArrayLike<number>, lon: ArrayLike<number>, alignment: LineAlignment): { lat: Float64Array; lon: Float64Array } {
  const move = alignmentMover(alignment);
  const n = lat.length;
  const out = { lat: new Float64Array(n), lon: new Float64Array(n) };
  for (let i = 0; i < n; i++) [out.lat[i], out.lon[i]] = move(lat[i], lon[i]);
  return out;
}

/**
 * The lap moved by an alignment (a new trace; times, distances and speeds unchanged).
 * @internal Exported for its tests.
 */
export function applyAlignment(trace: LapTrace, alignment: LineAlignment): LapTrace {
  const { lat, lon } = alignColumns(trace.lat.subarray(0, trace.count), trace.lon.subarray(0, trace.count), alignment);
  return { ...trace, lat, lon };
}

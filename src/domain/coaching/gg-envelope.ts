/**
 * The envelope of a g-g diagram (traction circle): for each of `bins` equal sectors of direction around the
 * origin, the largest combined acceleration the lap reached in that direction. Drawn as a closed polygon it shows
 * how much of the grip the driver used braking, turning, accelerating and in the combinations (trail braking
 * fills the corners between the axes).
 *
 * Direction angle: atan2(longitudinal, lateral), so 0 = pure right, pi/2 = pure acceleration, -pi/2 = pure
 * braking. A sector with no point has radius 0. The largest value is taken per sector (not a percentile): the
 * acceleration is already smoothed and clamped (acceleration.ts), so a single outlier cannot reach it.
 */

export const DEFAULT_ENVELOPE_BINS = 36;

/**
 * atan2(y, x) to within 1e-5 rad (a minimax polynomial of atan on [0, 1], folded into the other octants): the
 * envelope only needs the sector a direction falls in, and a 7 h session has 630,000 of them.
 */
function approxAtan2(y: number, x: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const swap = ay > ax;
  const z = swap ? ax / ay : ay / ax;
  const z2 = z * z;
  let a = z * (0.99997726 + z2 * (-0.33262347 + z2 * (0.19354346 + z2 * (-0.11643287 + z2 * (0.05265332 + z2 * -0.0117212)))));
  if (swap) a = Math.PI / 2 - a;
  if (x < 0) a = Math.PI - a;
  return y < 0 ? -a : a;
}

/** Below this distance (rad) from a sector's edge the exact atan2 decides the sector (ten times the error bound). */
const EDGE_MARGIN = 1e-4;

/**
 * Radius (g) of each direction sector; sector k spans angles [-pi + k w, -pi + (k + 1) w), w = 2 pi / bins. `out`
 * (zeros, `bins` long): where to write them, e.g. a lap's slot of the session's column (one small buffer per lap
 * costs more to allocate and collect in a browser than the lap's envelope takes to find).
 */
export function ggEnvelope(longitudinalG: ArrayLike<number>, lateralG: ArrayLike<number>, from = 0, to = longitudinalG.length, bins = DEFAULT_ENVELOPE_BINS, out?: Float32Array): Float32Array {
  const radius = out ?? new Float32Array(bins);
  const width = (2 * Math.PI) / bins;
  const margin = EDGE_MARGIN / width;
  // The largest squared radius per sector, rooted once at the end: sqrt and float32 rounding are both monotone, so
  // this is the same float32 as keeping the largest rooted radius point by point, without a sqrt per point.
  const squared = squaredScratch.length >= bins ? squaredScratch : (squaredScratch = new Float64Array(bins));
  squared.fill(0, 0, bins);
  for (let i = from; i < to; i++) {
    const x = lateralG[i];
    const y = longitudinalG[i];
    const r2 = x * x + y * y;
    if (!(r2 > 0)) continue;
    // The sector from the approximate angle, unless it lies so near an edge that the approximation could cross it:
    // then from the exact one, so the sectors are exactly atan2's.
    let t = (approxAtan2(y, x) + Math.PI) / width;
    const edge = Math.round(t);
    if (Math.abs(t - edge) < margin) t = (Math.atan2(y, x) + Math.PI) / width;
    const k = Math.min(bins - 1, Math.floor(t));
    if (r2 > squared[k]) squared[k] = r2;
  }
  for (let k = 0; k < bins; k++) if (squared[k] > 0) radius[k] = Math.sqrt(squared[k]);
  return radius;
}

/** ggEnvelope's squared radii, kept between its hundreds of calls a session (one per lap). */
let squaredScratch = new Float64Array(DEFAULT_ENVELOPE_BINS);

/** The envelope as polygon vertices (lateral, longitudinal) at each sector's middle angle. */
export function envelopePolygon(radius: ArrayLike<number>): [number, number][] {
  const bins = radius.length;
  const width = (2 * Math.PI) / bins;
  return Array.from({ length: bins }, (_, k) => {
    const a = -Math.PI + (k + 0.5) * width;
    return [radius[k] * Math.cos(a), radius[k] * Math.sin(a)];
  });
}

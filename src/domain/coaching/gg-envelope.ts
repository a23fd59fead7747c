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

/** Radius (g) of each direction sector; sector k spans angles [-pi + k w, -pi + (k + 1) w), w = 2 pi / bins. */
export function ggEnvelope(longitudinalG: ArrayLike<number>, lateralG: ArrayLike<number>, from = 0, to = longitudinalG.length, bins = DEFAULT_ENVELOPE_BINS): Float32Array {
  const radius = new Float32Array(bins);
  const width = (2 * Math.PI) / bins;
  for (let i = from; i < to; i++) {
    const x = lateralG[i];
    const y = longitudinalG[i];
    const r = Math.sqrt(x * x + y * y);
    if (!(r > 0)) continue;
    const k = Math.min(bins - 1, Math.floor((Math.atan2(y, x) + Math.PI) / width));
    if (r > radius[k]) radius[k] = r;
  }
  return radius;
}

/** The envelope as polygon vertices (lateral, longitudinal) at each sector's middle angle. */
export function envelopePolygon(radius: ArrayLike<number>): [number, number][] {
  const bins = radius.length;
  const width = (2 * Math.PI) / bins;
  return Array.from({ length: bins }, (_, k) => {
    const a = -Math.PI + (k + 0.5) * width;
    return [radius[k] * Math.cos(a), radius[k] * Math.sin(a)];
  });
}

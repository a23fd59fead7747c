/**
 * Distances for the geometry code. The spherical model and its constants live in the core's geo-distance.ts
 * (one Earth model for the whole domain); this module adds what geometry needs on top: a name that reads well
 * in geometry code and cumulative distance over columns, computed exactly like the parser's `distanceM`
 * column (consecutive-fix steps with `bandedStepDistanceM`), so an imported trace and a device trace measure alike.
 */
import { bandedStepDistanceM, haversineM, newCosBand } from '../geo-distance';

/**
 * Great-circle distance in metres between two points in signed decimal degrees (haversine).
 * @internal Exported for its tests.
 */
export const distanceM = haversineM;

/**
 * Cumulative distance along a trace, metres, starting at 0 on the first point. Points with a non-finite
 * coordinate add nothing (the distance resumes from the last finite point).
 */
export function cumulativeDistanceM(lat: ArrayLike<number>, lon: ArrayLike<number>, count = lat.length): Float64Array {
  const out = new Float64Array(count);
  let lastLat = NaN;
  let lastLon = NaN;
  let total = 0;
  const band = newCosBand();
  for (let i = 0; i < count; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (Number.isFinite(la) && Number.isFinite(lo)) {
      if (Number.isFinite(lastLat)) total += bandedStepDistanceM(lastLat, lastLon, la, lo, band);
      lastLat = la;
      lastLon = lo;
    }
    out[i] = total;
  }
  return out;
}

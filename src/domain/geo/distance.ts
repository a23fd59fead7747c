/**
 * Great-circle distance on a sphere of the mean Earth radius (IUGG R1). For lap-timing scales (metres to a few
 * kilometres) the spherical error against WGS84 is below 0.5 %, which matters only for absolute track lengths;
 * everything that times a crossing works in the local projection (local-projection.ts) instead.
 */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

/** Haversine distance in metres between two points given in signed decimal degrees. */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s1 = Math.sin(dLat / 2);
  const s2 = Math.sin(dLon / 2);
  const a = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Cumulative distance along a trace, metres, starting at 0 on the first point. Points with a non-finite
 * coordinate add nothing (the distance resumes from the last finite point).
 */
export function cumulativeDistanceM(lat: ArrayLike<number>, lon: ArrayLike<number>, count = lat.length): Float64Array {
  const out = new Float64Array(count);
  let lastLat = NaN;
  let lastLon = NaN;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (Number.isFinite(la) && Number.isFinite(lo)) {
      if (Number.isFinite(lastLat)) total += distanceM(lastLat, lastLon, la, lo);
      lastLat = la;
      lastLon = lo;
    }
    out[i] = total;
  }
  return out;
}

/**
 * Distances between fixes on a spherical Earth (mean radius 6,371,008.8 m).
 *
 * `stepDistanceM` is the equirectangular approximation with the cosine taken at the mean latitude of the two
 * points. For two points less than 1 km apart (a 25 Hz step is under 4 m even at 350 km/h) and below 85 degrees
 * of latitude it differs from the haversine distance by less than 1e-6 of the distance (tested), far below the
 * ~0.5 % error of the spherical model itself and the metre-level error of GNSS fixes.
 */

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6371008.8;
/** Degrees to radians. */
export const DEG = Math.PI / 180;

/** Great-circle distance, metres (haversine; the reference the fast form is tested against). */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * DEG;
  const dLon = (lon2 - lon1) * DEG;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Fast distance for short steps between consecutive fixes, metres (see the module comment for its error). */
export function stepDistanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos((lat1 + lat2) * (DEG / 2));
  const y = lat2 - lat1;
  return Math.sqrt(x * x + y * y) * (DEG * EARTH_RADIUS_M);
}

/**
 * Latitude band, degrees, over which `bandedStepDistanceM` keeps one cosine (0.0002 deg is about 22 m north-south).
 * Reusing the cosine of a latitude at most this far away changes the east-west part of a step by a relative
 * tan(lat) * 0.0002 * pi / 180 (under 6e-6 below 60 degrees): still far below the spherical model's own error.
 */
export const COS_BAND_DEG = 0.0002;

/**
 * `stepDistanceM` for walking a whole trace: the cosine is recomputed only when the steps' mean latitude leaves
 * the band around the latitude it was last computed for (`band` = [that latitude, its cosine]; start it at
 * [NaN, NaN]). Every cumulative-distance pass of the domain uses this, so device, imported and generated traces
 * measure alike; one cosine per ~20 m instead of one per fix makes the parser's distance pass ~3x cheaper.
 */
export function bandedStepDistanceM(lat1: number, lon1: number, lat2: number, lon2: number, band: Float64Array): number {
  const mid = (lat1 + lat2) * 0.5;
  if (!(Math.abs(mid - band[0]) <= COS_BAND_DEG)) {
    band[0] = mid;
    band[1] = Math.cos(mid * DEG);
  }
  const x = (lon2 - lon1) * band[1];
  const y = lat2 - lat1;
  return Math.sqrt(x * x + y * y) * (DEG * EARTH_RADIUS_M);
}

/** A fresh `band` for `bandedStepDistanceM`. */
export const newCosBand = (): Float64Array => new Float64Array([NaN, NaN]);


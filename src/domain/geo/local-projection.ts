/**
 * Local east/north/up (ENU) projection around an origin, flattened to the tangent plane (up dropped).
 *
 * Uses the WGS84 meridional (M) and prime-vertical (N) radii of curvature at the origin's latitude, so a step
 * of one metre is one unit in x (east) and y (north) at the origin. Within 2 km of the origin the scale error is
 * below 4e-4 (it grows with the latitude difference times tan(lat)), far below GPS noise; gates, corners and
 * crossings are all computed in this plane.
 */
const RAD = Math.PI / 180;
const WGS84_A = 6_378_137;
const WGS84_E2 = 6.694_379_990_14e-3;

export interface LocalProjection {
  readonly originLat: number;
  readonly originLon: number;
  /** Metres per degree of longitude (east) at the origin. */
  readonly metresPerDegLon: number;
  /** Metres per degree of latitude (north) at the origin. */
  readonly metresPerDegLat: number;
  /** East offset in metres of a longitude. */
  x(lon: number): number;
  /** North offset in metres of a latitude. */
  y(lat: number): number;
  /** Longitude of an east offset. */
  lon(x: number): number;
  /** Latitude of a north offset. */
  lat(y: number): number;
}

export function createLocalProjection(originLat: number, originLon: number): LocalProjection {
  const phi = originLat * RAD;
  const sin = Math.sin(phi);
  const w = 1 - WGS84_E2 * sin * sin;
  const n = WGS84_A / Math.sqrt(w);
  const m = (WGS84_A * (1 - WGS84_E2)) / (w * Math.sqrt(w));
  const metresPerDegLon = n * Math.cos(phi) * RAD;
  const metresPerDegLat = m * RAD;
  return {
    originLat,
    originLon,
    metresPerDegLon,
    metresPerDegLat,
    x: (lon) => (lon - originLon) * metresPerDegLon,
    y: (lat) => (lat - originLat) * metresPerDegLat,
    lon: (x) => originLon + x / metresPerDegLon,
    lat: (y) => originLat + y / metresPerDegLat,
  };
}

/** Projects whole columns at once (typed arrays in and out). */
export function projectColumns(
  projection: LocalProjection,
  lat: ArrayLike<number>,
  lon: ArrayLike<number>,
  count = lat.length,
): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    x[i] = projection.x(lon[i]);
    y[i] = projection.y(lat[i]);
  }
  return { x, y };
}

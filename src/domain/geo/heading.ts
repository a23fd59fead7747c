/**
 * Headings in degrees clockwise from north, in [0, 360). Local-plane vectors are (east, north) metres.
 */
const RAD = Math.PI / 180;

/**
 * Initial great-circle bearing from point 1 to point 2, degrees [0, 360). NaN for identical points.
 * @internal Exported for its tests.
 */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  if (lat1 === lat2 && lon1 === lon2) return NaN;
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  return normaliseDeg(Math.atan2(y, x) / RAD);
}

/** Heading of a local-plane vector (east, north), degrees [0, 360). NaN for the zero vector. */
export function headingOfVectorDeg(east: number, north: number): number {
  if (east === 0 && north === 0) return NaN;
  return normaliseDeg(Math.atan2(east, north) / RAD);
}

/**
 * Brings any angle into [0, 360).
 * @internal Exported for its tests.
 */
export function normaliseDeg(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r === 360 ? 0 : r;
}

/**
 * Signed smallest difference b - a in degrees, in (-180, 180]; positive = clockwise (a right turn).
 * @internal Exported for its tests.
 */
export function headingDifferenceDeg(a: number, b: number): number {
  let d = (b - a) % 360;
  if (d > 180) d -= 360;
  else if (d <= -180) d += 360;
  return d;
}

/** Unit (east, north) vector of a heading in degrees. */
export function unitVectorOfHeading(deg: number): { east: number; north: number } {
  return { east: Math.sin(deg * RAD), north: Math.cos(deg * RAD) };
}

/**
 * WGS84 degrees to Web Mercator (EPSG:3857) metres, written straight into flat coordinate arrays so a 30,000-fix
 * lap becomes one Float64Array and one OpenLayers geometry, with no per-point arrays
 * (an array per point is what makes a long trace slow to build and to pan).
 */
const R = 6_378_137;
const RAD = Math.PI / 180;
/** Web Mercator stops at ±85.0511°. */
const MAX_LAT = 85.051_128_78;

export function mercatorX(lon: number): number {
  return R * lon * RAD;
}

export function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  return R * Math.log(Math.tan(Math.PI / 4 + (clamped * RAD) / 2));
}

export function lonOfMercatorX(x: number): number {
  return x / R / RAD;
}

export function latOfMercatorY(y: number): number {
  return (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) / RAD;
}

/**
 * Flat [x0, y0, x1, y1, ...] of fixes `from` (inclusive) to `to` (exclusive), skipping fixes that are not finite
 * (0/0 placeholders and NaN from corrupt lines) and fixes closer than `minStepM` metres to the last kept one
 * (a cheap decimation: 25 Hz at walking pace adds nothing visible).
 */
export function toMercatorFlat(
  lat: ArrayLike<number>,
  lon: ArrayLike<number>,
  from = 0,
  to = lat.length,
  minStepM = 0,
): Float64Array {
  const out = new Float64Array(Math.max(0, to - from) * 2);
  let n = 0;
  let lastX = NaN;
  let lastY = NaN;
  // Mercator metres are stretched by 1/cos(lat); compare in that scale.
  for (let i = from; i < to; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (!Number.isFinite(la) || !Number.isFinite(lo) || (la === 0 && lo === 0)) continue;
    const x = mercatorX(lo);
    const y = mercatorY(la);
    if (minStepM > 0 && n > 0) {
      const scale = Math.cos(la * RAD);
      const dx = (x - lastX) * scale;
      const dy = (y - lastY) * scale;
      if (dx * dx + dy * dy < minStepM * minStepM && i !== to - 1) continue;
    }
    out[n++] = x;
    out[n++] = y;
    lastX = x;
    lastY = y;
  }
  return out.subarray(0, n);
}

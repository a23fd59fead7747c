/**
 * Pure reading of a chart series, in a file of its own: the lazy charts chunk imports it, and anything it imported
 * from the sessions area's shared entry would pull the analysis screen's data layer (Dexie, zod, the services) into
 * that chunk.
 */

/** A series' value at a distance, interpolated between its points (sorted by distance); null outside it. */
export function seriesValueAt(points: readonly (readonly [number, number])[], distanceM: number): number | null {
  const n = points.length;
  if (n === 0 || !(distanceM >= points[0][0]) || !(distanceM <= points[n - 1][0])) return null;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid][0] <= distanceM) lo = mid;
    else hi = mid;
  }
  const [x0, y0] = points[lo];
  const [x1, y1] = points[hi];
  const v = x1 > x0 ? y0 + ((distanceM - x0) / (x1 - x0)) * (y1 - y0) : y0;
  return Number.isFinite(v) ? v : null;
}

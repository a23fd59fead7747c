/**
 * Tolerance-based polyline decimation (Ramer-Douglas-Peucker) over x/y columns, for whole-session views: a lap
 * of 25 Hz fixes drawn on a map or a chart needs only the points that move the line by more than a tolerance
 * (a fraction of a pixel, or a few centimetres on the ground). The unit of x, y and `tolerance` is the caller's
 * (metres in a local projection for the map, pixels for a chart).
 *
 * Guarantees (tested): the first and last point and every index in `keep` are in the output; every dropped point
 * lies within `tolerance` of the output polyline segment that spans it; the output is never longer than the input;
 * a run of two points or fewer is returned unchanged. Iterative (an explicit stack), so a 7 h session cannot
 * overflow the call stack; O(n log n) on track-like input, O(n^2) only in contrived worst cases.
 */
import { DomainError } from '../errors';

/**
 * Indices (ascending, absolute) of the points of [from, to) that survive decimation with `tolerance`.
 * `keep`: indices that must survive (lap boundaries, extremes, gate crossings); values outside [from, to) are
 * ignored, order and duplicates do not matter. Points whose x or y is not finite are never kept unless forced.
 */
export function simplifyIndices(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  from: number,
  to: number,
  tolerance: number,
  keep: ArrayLike<number> = [],
): Uint32Array {
  if (!(tolerance >= 0)) throw new DomainError('invalid-argument', 'tolerance must be >= 0');
  const n = Math.max(0, to - from);
  if (n <= 2) {
    const out = new Uint32Array(n);
    for (let k = 0; k < n; k++) out[k] = from + k;
    return out;
  }
  const kept = new Uint8Array(n);
  kept[0] = 1;
  kept[n - 1] = 1;
  for (let k = 0; k < keep.length; k++) {
    const i = keep[k] - from;
    if (i >= 0 && i < n) kept[i] = 1;
  }
  const tol2 = tolerance * tolerance;
  // Runs between consecutive forced points, each simplified on its own. Stack of [a, b] pairs (relative).
  const stack = new Int32Array(2 * n);
  let top = 0;
  let a = 0;
  for (let b = 1; b < n; b++) {
    if (kept[b] !== 1) continue;
    if (b - a > 1) {
      stack[top++] = a;
      stack[top++] = b;
    }
    a = b;
  }
  while (top > 0) {
    const b = stack[--top];
    const s = stack[--top];
    const ax = x[from + s];
    const ay = y[from + s];
    const dx = x[from + b] - ax;
    const dy = y[from + b] - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD2 = tol2;
    for (let i = s + 1; i < b; i++) {
      const px = x[from + i] - ax;
      const py = y[from + i] - ay;
      let d2: number;
      if (len2 === 0) d2 = px * px + py * py;
      else {
        // Distance to the segment (not the infinite line): a hairpin's tip is kept even when it is collinear.
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        d2 = ex * ex + ey * ey;
      }
      if (d2 > worstD2) {
        worstD2 = d2;
        worst = i;
      }
    }
    if (worst < 0) continue;
    kept[worst] = 1;
    if (worst - s > 1) {
      stack[top++] = s;
      stack[top++] = worst;
    }
    if (b - worst > 1) {
      stack[top++] = worst;
      stack[top++] = b;
    }
  }
  let count = 0;
  for (let i = 0; i < n; i++) count += kept[i];
  const out = new Uint32Array(count);
  for (let i = 0, k = 0; i < n; i++) if (kept[i] === 1) out[k++] = from + i;
  return out;
}

/**
 * Intersection of two segments in a plane, P = p1 + t (p2 - p1) and Q = q1 + u (q2 - q1).
 * Returns the parameters t, u in [0, 1] of the crossing point, or null when the segments do not meet or are
 * parallel (collinear overlaps are reported as null: a trace running along a gate line never "crosses" it).
 */
export interface SegmentIntersection {
  /** Fraction along the first segment. */
  t: number;
  /** Fraction along the second segment. */
  u: number;
  x: number;
  y: number;
}

export function intersectSegments(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  q1x: number,
  q1y: number,
  q2x: number,
  q2y: number,
): SegmentIntersection | null {
  const rx = p2x - p1x;
  const ry = p2y - p1y;
  const sx = q2x - q1x;
  const sy = q2y - q1y;
  const denom = rx * sy - ry * sx;
  if (denom === 0 || !Number.isFinite(denom)) return null;
  const qpx = q1x - p1x;
  const qpy = q1y - p1y;
  const t = (qpx * sy - qpy * sx) / denom;
  const u = (qpx * ry - qpy * rx) / denom;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return { t, u, x: p1x + t * rx, y: p1y + t * ry };
}

/** Signed distance of a point from the line through `origin` with unit normal (nx, ny). */
export function signedDistanceM(px: number, py: number, ox: number, oy: number, nx: number, ny: number): number {
  return (px - ox) * nx + (py - oy) * ny;
}

/**
 * Which way a gate line lies. A circuit stores only each gate's centre and one width (docs/device-protocol.md,
 * 'Circuits as the device stores them'); the gate line is perpendicular to the direction of travel where the
 * trace crosses it. That direction is taken from the trace itself: for every pass within half a gate width of
 * the centre, the chord from the last point `spanM` before to the first point `spanM` after the closest
 * approach (a chord of at least 2 x spanM, so GPS jitter and a car crawling off the grid barely tilt it); the
 * passes' unit chords are averaged (those agreeing with the majority: dominantDirection), so one odd pass (pit
 * exit, a spin) cannot turn the gate much and a stretch of track driven the other way cannot turn it at all.
 */
export interface GateDirection {
  /** Unit vector of the direction of travel (east, north). The gate line is perpendicular to it. */
  dx: number;
  dy: number;
  /** How many passes contributed. */
  passes: number;
}

export function gateDirectionFromTrace(
  x: Float64Array,
  y: Float64Array,
  count: number,
  cx: number,
  cy: number,
  halfWidthM: number,
  spanM = 10,
): GateDirection | null {
  const chords: { dx: number; dy: number }[] = [];
  let inPass = false;
  let bestIndex = -1;
  let bestDistance = Infinity;
  const flush = () => {
    if (bestIndex < 0) return;
    const chord = chordAround(x, y, count, bestIndex, cx, cy, spanM);
    if (chord) chords.push(chord);
    bestIndex = -1;
    bestDistance = Infinity;
  };
  for (let i = 0; i + 1 < count; i++) {
    // Cheap reject first: a segment whose both ends are further than half a width plus its own length away
    // cannot come within half a width (no square roots on the 99 % of a lap that is far from the gate).
    const ax = x[i] - cx;
    const ay = y[i] - cy;
    const bx = x[i + 1] - cx;
    const by = y[i + 1] - cy;
    const sx = bx - ax;
    const sy = by - ay;
    const reach = halfWidthM + Math.abs(sx) + Math.abs(sy);
    const far = ax * ax + ay * ay > reach * reach && bx * bx + by * by > reach * reach;
    const d = far ? Infinity : distanceToSegment(cx, cy, x[i], y[i], x[i + 1], y[i + 1]);
    if (d <= halfWidthM) {
      inPass = true;
      if (d < bestDistance) {
        bestDistance = d;
        bestIndex = i;
      }
    } else if (inPass) {
      inPass = false;
      flush();
    }
  }
  flush();
  return dominantDirection(chords);
}

/**
 * The direction most passes agree on: the pass with the most others within 60 degrees of it anchors, and the
 * passes within 60 degrees of the anchor are averaged. A gate where another stretch of track (driven the
 * other way) comes within half a width keeps the direction of the majority instead of an average of both.
 * @internal Exported for its tests.
 */
export function dominantDirection(chords: ReadonlyArray<{ dx: number; dy: number }>): GateDirection | null {
  if (chords.length === 0) return null;
  const limit = Math.min(chords.length, 512); // laps of a long session all agree; 512 anchors are plenty
  let anchor = 0;
  let anchorVotes = -1;
  for (let a = 0; a < limit; a++) {
    let votes = 0;
    for (const c of chords) if (c.dx * chords[a].dx + c.dy * chords[a].dy > 0.5) votes++;
    if (votes > anchorVotes) {
      anchorVotes = votes;
      anchor = a;
    }
  }
  let sumX = 0;
  let sumY = 0;
  let passes = 0;
  for (const c of chords) {
    if (c.dx * chords[anchor].dx + c.dy * chords[anchor].dy > 0.5) {
      sumX += c.dx;
      sumY += c.dy;
      passes++;
    }
  }
  const length = Math.hypot(sumX, sumY);
  if (length === 0) return null;
  return { dx: sumX / length, dy: sumY / length, passes };
}

/** Unit chord through segment `i`, from the last fix >= spanM from the centre before it to the first one after. */
function chordAround(
  x: Float64Array,
  y: Float64Array,
  count: number,
  i: number,
  cx: number,
  cy: number,
  spanM: number,
): { dx: number; dy: number } | null {
  let a = i;
  while (a > 0 && Math.hypot(x[a] - cx, y[a] - cy) < spanM) a--;
  let b = i + 1;
  while (b < count - 1 && Math.hypot(x[b] - cx, y[b] - cy) < spanM) b++;
  const dx = x[b] - x[a];
  const dy = y[b] - y[a];
  const length = Math.hypot(dx, dy);
  if (!(length > 0)) return null;
  return { dx: dx / length, dy: dy / length };
}

/** Distance from point (px, py) to the segment a-b. */
function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  let t = len2 > 0 ? ((px - ax) * vx + (py - ay) * vy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  return Math.hypot(ax + t * vx - px, ay + t * vy - py);
}

/**
 * The circuit an imported trace was driven on: among circuits whose start/finish gate lies within 2 km of the
 * trace, the one whose gates the whole trace crosses in order the most laps (two layouts sharing a start line are
 * told apart by their sector gates), the nearer one when that does not decide.
 */
import { detectLaps, type LapDetection } from '../detection/detect-laps';
import { tryParseCoordinates } from '../value-format/coordinates';
import { createLocalProjection } from '../geo/local-projection';
import type { GatePoint, PositionColumns } from '../session-types';

/** The circuit fields import needs (a subset of the Circuit entity). */
export interface CircuitCandidate {
  id: number | string;
  name: string;
  /** 'lat;lon;...': start/finish gate centre first, then sector gates. */
  coordinates: string;
  /** Gate width, metres. */
  size: number;
  /** IANA zone of the circuit's country, when known (names the session in the track's local time). */
  timeZone?: string | null;
}

/** Circuits further than this from every fix are not candidates (spec of the import: 2 km). */
const CIRCUIT_PICK_RADIUS_M = 2000;

/** A picked circuit, how near its start/finish came, and the laps timed while comparing candidates. */
export interface PickedCircuit<C> {
  circuit: C;
  distanceM: number;
  /** Laps timed with the circuit's gates (computed while comparing candidates; absent for a lone candidate). */
  detection?: LapDetection;
}

/**
 * The circuit the trace was driven on: of the circuits whose start/finish gate comes within `radiusM` of the
 * trace, the one with the most laps crossing all its gates in order; equal fits go to the nearer start/finish
 * (then to the earlier circuit). Circuits without valid coordinates are skipped.
 */
export function pickCircuit<C extends CircuitCandidate>(positions: PositionColumns, circuits: readonly C[], radiusM = CIRCUIT_PICK_RADIUS_M): PickedCircuit<C> | null {
  if (positions.count === 0) return null;
  const box = boundingBox(positions);
  const inReach: { circuit: C; distanceM: number; gates: GatePoint[] }[] = [];
  for (const circuit of circuits) {
    const parsed = tryParseCoordinates(circuit.coordinates);
    if (!parsed.ok || parsed.points.length === 0) continue;
    const gate = parsed.points[0];
    // Cheap reject: a gate further than the radius outside the trace's bounding box (with a safety factor of 2
    // on the metres per degree) cannot be within reach of any fix.
    const marginLat = (2 * radiusM) / 111_000;
    const marginLon = marginLat / Math.max(0.01, Math.cos((gate.lat * Math.PI) / 180));
    if (gate.lat < box.minLat - marginLat || gate.lat > box.maxLat + marginLat) continue;
    if (gate.lon < box.minLon - marginLon || gate.lon > box.maxLon + marginLon) continue;
    const d = nearestFixDistanceM(positions, gate);
    if (d <= radiusM) inReach.push({ circuit, distanceM: d, gates: parsed.points });
  }
  if (inReach.length === 0) return null;
  if (inReach.length === 1) return { circuit: inReach[0].circuit, distanceM: inReach[0].distanceM };
  let best: (PickedCircuit<C> & { fit: number }) | null = null;
  for (const c of inReach) {
    const detection = detectLaps(positions, c.gates, c.circuit.size);
    const fit = lapsThroughEveryGate(detection);
    if (best === null || fit > best.fit || (fit === best.fit && c.distanceM < best.distanceM)) {
      best = { circuit: c.circuit, distanceM: c.distanceM, detection, fit };
    }
  }
  const { fit: _fit, ...picked } = best!;
  return picked;
}

/** Closed laps whose every gate was crossed, in order (a gate missed or crossed out of order leaves a NaN). */
function lapsThroughEveryGate(detection: LapDetection): number {
  return detection.laps.filter((l) => l.complete && l.gateTimesMs.every(Number.isFinite)).length;
}

function boundingBox(positions: PositionColumns): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < positions.count; i++) {
    const la = positions.lat[i];
    const lo = positions.lon[i];
    if (la < minLat) minLat = la;
    if (la > maxLat) maxLat = la;
    if (lo < minLon) minLon = lo;
    if (lo > maxLon) maxLon = lo;
  }
  return { minLat, maxLat, minLon, maxLon };
}

/**
 * The distance from the gate to the nearest fix, metres: Math.hypot's, taken only for the fixes whose squared
 * distance comes within rounding of the least so far (Math.hypot on each of a 2 h session's 180,000 fixes cost more
 * than the rest of the loop). A fix nearer by Math.hypot is never further by the square beyond that rounding, so
 * the result is the one Math.hypot on every fix gives.
 */
function nearestFixDistanceM(positions: PositionColumns, gate: GatePoint): number {
  const p = createLocalProjection(gate.lat, gate.lon);
  const { lat, lon, count } = positions;
  let best = Infinity;
  let bestSquare = Infinity;
  for (let i = 0; i < count; i++) {
    const x = p.x(lon[i]);
    const y = p.y(lat[i]);
    const square = x * x + y * y;
    if (!(square <= bestSquare * (1 + 1e-9))) continue;
    const d = Math.hypot(x, y);
    if (d < best) best = d;
    if (square < bestSquare) bestSquare = square;
  }
  return best;
}

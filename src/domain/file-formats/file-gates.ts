/**
 * Gates a file brings (VBO [laptiming]) turned into what lap detection takes: centres, one width and a known
 * direction of travel per gate, so laps are timed against the logger's own lines rather than our gate squared
 * to the traffic.
 *
 * A logger's gate is two points, written one of two ways:
 *  - a line drawn across the track (RaceBox, Circuit Tools): the gate is that line, however skewed to the
 *    traffic; its centre is the midpoint, its width the line's length, the crossing direction its normal;
 *  - VBOX style, a point and a second point a few metres further along the track: the gate line runs through
 *    the first point square to the pair's direction, `POINT_GATE_WIDTH_M` wide.
 * Which one: the pair's direction against the direction the trace drives there (within 20 degrees: along the
 * track, so VBOX style; a line drawn across a track that near the traffic's direction would be several track
 * widths long).
 */
import { detectLaps, type LapDetection } from '../detection/detect-laps';
import { gateDirectionFromTrace } from '../detection/gate-orientation';
import { headingOfVectorDeg } from '../geo/heading';
import { createLocalProjection, projectColumns } from '../geo/local-projection';
import type { GatePoint, PositionColumns } from '../session-types';
import type { FileGateLine } from './import-types';

/** Width of a VBOX-style point-and-direction gate, metres (the width VBOX's own lap timing uses by default). */
const POINT_GATE_WIDTH_M = 25;
/** cos(20 deg): a pair this close to the direction of travel lies along the track. */
const ALONG_TRACK_COS = 0.94;
/** How close the trace must pass a gate to read its direction there, metres. */
const DIRECTION_SEARCH_M = 30;

export interface TimingGates {
  /** Start/finish first, then the splits in file order. */
  gates: GatePoint[];
  widthM: number;
  /** Direction of travel across each gate (degrees clockwise from north): detect-laps' gateHeadingsDeg. */
  headingsDeg: number[];
  /** Per gate: 'line' (a line across the track) or 'point' (VBOX point and direction). */
  styles: ('line' | 'point')[];
}

/**
 * The file's gates as detection gates, or null when the file has no usable start/finish (no 'Start' line, or
 * the trace never passes it). A 'Finish' line different from the start (point-to-point stages) is not a lap
 * gate and is left out.
 */
export function timingGatesFromFile(positions: PositionColumns, lines: readonly FileGateLine[]): TimingGates | null {
  const start = lines.find((l) => l.kind === 'start');
  if (!start || positions.count < 2) return null;
  const ordered = [start, ...lines.filter((l) => l.kind === 'split')];
  const projection = createLocalProjection(start.a.lat, start.a.lon);
  const { x, y } = projectColumns(projection, positions.lat, positions.lon, positions.count);
  const gates: GatePoint[] = [];
  const headingsDeg: number[] = [];
  const styles: ('line' | 'point')[] = [];
  let widthM = 0;
  for (const line of ordered) {
    const ax = projection.x(line.a.lon);
    const ay = projection.y(line.a.lat);
    const bx = projection.x(line.b.lon);
    const by = projection.y(line.b.lat);
    const length = Math.hypot(bx - ax, by - ay);
    if (!(length > 0)) {
      if (line === start) return null;
      continue;
    }
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    const travel = gateDirectionFromTrace(x, y, positions.count, mx, my, Math.max(DIRECTION_SEARCH_M, length / 2));
    if (!travel) {
      if (line === start) return null;
      continue;
    }
    const along = ux * travel.dx + uy * travel.dy;
    if (Math.abs(along) >= ALONG_TRACK_COS) {
      // The pair lies along the track: a point and the direction of travel.
      const sign = along >= 0 ? 1 : -1;
      gates.push(line.a);
      headingsDeg.push(headingOfVectorDeg(sign * ux, sign * uy));
      styles.push('point');
      widthM = Math.max(widthM, POINT_GATE_WIDTH_M);
    } else {
      // A line across the track: crossing it means moving along its normal, the way the trace drives.
      let nx = -uy;
      let ny = ux;
      if (nx * travel.dx + ny * travel.dy < 0) {
        nx = -nx;
        ny = -ny;
      }
      gates.push({ lat: projection.lat(my), lon: projection.lon(mx) });
      headingsDeg.push(headingOfVectorDeg(nx, ny));
      styles.push('line');
      widthM = Math.max(widthM, length);
    }
  }
  return { gates, widthM, headingsDeg, styles };
}

/** Closed laps (start and end crossed) in a detection. */
export function closedLaps(detection: LapDetection): number {
  return detection.laps.filter((l) => l.complete).length;
}

/** Whether any closed lap crosses gate `g` (0: start/finish, crossed by every closed lap). */
function crossedByALap(detection: LapDetection, g: number): boolean {
  return detection.laps.some((l) => l.complete && (g === 0 || Number.isFinite(l.gateTimesMs[g])));
}

export interface FileGateTiming {
  /** The laps timed by the file's gates that laps cross (null: its start/finish closes no lap). */
  detection: LapDetection | null;
  /** The gates that timed them (the file's, less those no lap crosses). */
  gates: TimingGates | null;
  /** True when every gate of the file is crossed by a closed lap. */
  allCrossed: boolean;
}

/**
 * Laps timed with the file's gates. A gate no closed lap crosses (a split read off the track, a start/finish
 * beside it) times nothing: it is left out and said (`allCrossed` false), so the caller can prefer a circuit's
 * gates that work; a start/finish that closes no lap leaves no detection at all.
 */
export function timeWithFileGates(positions: PositionColumns, gates: TimingGates): FileGateTiming {
  const detect = (g: TimingGates) => detectLaps(positions, g.gates, g.widthM, { gateHeadingsDeg: g.headingsDeg });
  const all = detect(gates);
  if (closedLaps(all) === 0) return { detection: null, gates: null, allCrossed: false };
  const crossed = gates.gates.map((_, g) => crossedByALap(all, g));
  if (crossed.every(Boolean)) return { detection: all, gates, allCrossed: true };
  const keep = (_: unknown, g: number) => crossed[g];
  const fewer: TimingGates = { gates: gates.gates.filter(keep), widthM: gates.widthM, headingsDeg: gates.headingsDeg.filter(keep), styles: gates.styles.filter(keep) };
  return { detection: detect(fewer), gates: fewer, allCrossed: false };
}

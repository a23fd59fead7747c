/**
 * The `[laptiming]` section of a VBO file: the logger's own gates, one per line, `Start|Split|Finish n1 n2 n3 n4
 * ¬ name`, two points in minutes of a degree. Loggers write those four numbers in different orders:
 *  - VBOX and RaceChrono: longitude then latitude of each point, longitude positive to the WEST (as the [data]
 *    rows write it);
 *  - RaceBox: latitude then longitude.
 * Nothing in the line says which, so every reading of the numbers (either order, either longitude sign) is tried
 * against the recorded trace, and the one whose points lie nearest to it is the file's: a wrong reading puts the
 * gates tens or thousands of kilometres away (or off the planet), never on the same track.
 */
import { createLocalProjection } from '../geo/local-projection';
import type { GatePoint, PositionColumns } from '../session-types';
import type { FileGateLine } from './import-types';

/** A `[laptiming]` line as written: its kind, the four numbers in degrees (minutes / 60), in file order, and its name. */
export interface LaptimingLine {
  kind: FileGateLine['kind'];
  values: [number, number, number, number];
  name: string;
}

/** How the four numbers of a line are read: which comes first, and the sign of east. */
interface Reading {
  latFirst: boolean;
  /** +1: east positive; -1: west positive (VBO's own convention). */
  eastSign: 1 | -1;
}

/** VBOX and RaceChrono's reading first: it wins a tie (a gate exactly on the equator and the prime meridian...). */
const READINGS: readonly Reading[] = [
  { latFirst: false, eastSign: -1 },
  { latFirst: true, eastSign: -1 },
  { latFirst: false, eastSign: 1 },
  { latFirst: true, eastSign: 1 },
];

const LINE_RE = /^(start|split|finish)\s+([-+]?\d+(?:\.\d+)?)\s+([-+]?\d+(?:\.\d+)?)\s+([-+]?\d+(?:\.\d+)?)\s+([-+]?\d+(?:\.\d+)?)/i;

/** One `[laptiming]` line ('Start +5279.378270 +2627.874410 +5279.378320 +2627.877020 ¬ Start / Finish'), null when unreadable. */
export function parseLaptimingLine(line: string): LaptimingLine | null {
  const m = LINE_RE.exec(line);
  if (!m) return null;
  const values = m.slice(2, 6).map((v) => Number(v) / 60) as LaptimingLine['values'];
  if (!values.every(Number.isFinite)) return null;
  const name = line.split('¬')[1]?.trim() ?? '';
  return { kind: m[1].toLowerCase() as FileGateLine['kind'], values, name };
}

function point(lat: number, lon: number): GatePoint | null {
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

function read(line: LaptimingLine, r: Reading): FileGateLine | null {
  const [n1, n2, n3, n4] = line.values;
  const a = r.latFirst ? point(n1, r.eastSign * n2) : point(n2, r.eastSign * n1);
  const b = r.latFirst ? point(n3, r.eastSign * n4) : point(n4, r.eastSign * n3);
  return a && b ? { kind: line.kind, a, b, name: line.name } : null;
}

/**
 * The distance from a point to the nearest fix, metres, or Infinity beyond `limitM` (checked cheaply first on
 * the degrees, so a reading thousands of kilometres off costs one comparison per fix).
 */
function nearestFixM(positions: PositionColumns, p: GatePoint, limitM: number): number {
  const projection = createLocalProjection(p.lat, p.lon);
  const limitLat = limitM / projection.metresPerDegLat;
  const limitLon = limitM / Math.max(1, projection.metresPerDegLon);
  let best = Infinity;
  for (let i = 0; i < positions.count; i++) {
    const dLat = positions.lat[i] - p.lat;
    const dLon = positions.lon[i] - p.lon;
    if (Math.abs(dLat) > limitLat || Math.abs(dLon) > limitLon) continue;
    const d = Math.hypot(projection.x(positions.lon[i]), projection.y(positions.lat[i]));
    if (d < best) best = d;
  }
  return best <= limitM ? best : Infinity;
}

/** Gates further than this from every fix are on another track: no reading puts them there. */
const ON_TRACE_M = 2000;

/**
 * The file's gates in the reading that puts them on the recorded trace (the smallest sum of the distances from
 * each gate's midpoint to the nearest fix), or the VBOX reading when none comes within ON_TRACE_M of it (such
 * gates time nothing: file-gates.ts leaves them out).
 */
export function laptimingGates(lines: readonly LaptimingLine[], positions: PositionColumns): FileGateLine[] {
  if (lines.length === 0) return [];
  let best: { gates: FileGateLine[]; score: number } | null = null;
  for (const reading of READINGS) {
    const maybe = lines.map((l) => read(l, reading));
    if (maybe.some((g) => g === null)) continue;
    const gates = maybe as FileGateLine[];
    let score = 0;
    for (const g of gates) {
      score += nearestFixM(positions, { lat: (g.a.lat + g.b.lat) / 2, lon: (g.a.lon + g.b.lon) / 2 }, ON_TRACE_M);
      if (score === Infinity) break;
    }
    if (best === null || score < best.score) best = { gates, score };
  }
  if (best && best.score < Infinity) return best.gates;
  return lines.map((l) => read(l, READINGS[0])).filter((g): g is FileGateLine => g !== null);
}

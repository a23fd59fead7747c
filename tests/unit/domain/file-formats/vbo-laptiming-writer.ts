/**
 * Test-only: a VBO file with a `[laptiming]` section written the way each logger writes it, from the loggers'
 * files as they are (independent of the importer): two points a gate, in minutes of a degree,
 *  - RaceChrono (like VBOX): each point longitude then latitude, longitude positive to the west;
 *  - RaceBox: each point latitude then longitude (longitude positive to the west, as its [data] rows).
 */
import type { GatePoint } from '../../../../src/domain/session-types';

export interface WrittenGate {
  kind: 'Start' | 'Split' | 'Finish';
  a: GatePoint;
  b: GatePoint;
  name: string;
}

const minutes = (deg: number) => `${deg < 0 ? '-' : '+'}${Math.abs(deg * 60).toFixed(6).padStart(11, '0')}`;

function laptimingSection(gates: readonly WrittenGate[], style: 'racechrono' | 'racebox'): string {
  const point = (p: GatePoint) => (style === 'racebox' ? `${minutes(p.lat)} ${minutes(-p.lon)}` : `${minutes(-p.lon)} ${minutes(p.lat)}`);
  return ['[laptiming]', ...gates.map((g) => `${g.kind.padEnd(6)} ${point(g.a)} ${point(g.b)} \u00ac ${g.name}`), ''].join('\n');
}

/** The VBO text with the section put before its [column names] (where VBOX, RaceChrono and RaceBox put it). */
export function withLaptiming(vbo: string, gates: readonly WrittenGate[], style: 'racechrono' | 'racebox'): string {
  const at = vbo.indexOf('[column names]');
  return vbo.slice(0, at) + laptimingSection(gates, style) + '\n' + vbo.slice(at);
}

/**
 * The device's two files for a simulated recording, written by the domain's serializer
 * (src/domain/serialize-session.ts, the inverse of the app's parsers), as UTF-8 bytes.
 */
import { serializeLaps, serializePositions } from '../../domain/serialize-session';
import type { LapRecord, PositionColumns } from '../../domain/session-types';
import { utf8 } from '../protocol/text';

export interface SimulatedFix {
  lap: number;
  timeMs: number;
  lat: number;
  lon: number;
  kmh: number;
}

export interface SimulatedLap {
  lap: number;
  lapMs: number;
  sectorsMs: [number, number, number];
  maxKmh: number;
  minKmh: number;
}

export function writeLapsText(laps: SimulatedLap[]): Uint8Array {
  const records: LapRecord[] = laps.map((l, i) => ({
    lapNumber: l.lap,
    lapName: i === laps.length - 1 ? 'In Lap' : `Lap ${l.lap}`,
    timeMs: l.lapMs,
    sectorsMs: l.sectorsMs,
    maxSpeedKmh: l.maxKmh,
    minSpeedKmh: l.minKmh,
    valid: l.lapMs > 0,
  }));
  return utf8(serializeLaps(records));
}

export function writeNmeaText(fixes: SimulatedFix[]): Uint8Array {
  const n = fixes.length;
  const columns: PositionColumns = {
    count: n,
    lap: new Int32Array(n),
    timeMs: new Float64Array(n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    speedKmh: new Float32Array(n),
    distanceM: new Float64Array(n),
  };
  fixes.forEach((f, i) => {
    columns.lap[i] = f.lap;
    columns.timeMs[i] = Math.round(f.timeMs);
    columns.lat[i] = f.lat;
    columns.lon[i] = f.lon;
    columns.speedKmh[i] = f.kmh;
  });
  return utf8(serializePositions(columns));
}

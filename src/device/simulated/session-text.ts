/**
 * Writes the device's two files (device-protocol.md, 'File contents'): laps
 * `<record>;<lap>;<lapMs>;<s1Ms>;<s2Ms>;<s3Ms>;<maxKmh>;<minKmh>` and nmea `<lap>;<timeMs>;<lat>;<lon>;<kmh>`,
 * each line ending in `\n`, as UTF-8 bytes.
 */
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
  let out = '';
  laps.forEach((l, i) => {
    out += `${i + 1};${l.lap};${l.lapMs};${l.sectorsMs[0]};${l.sectorsMs[1]};${l.sectorsMs[2]};${l.maxKmh.toFixed(2)};${l.minKmh.toFixed(2)}\n`;
  });
  return utf8(out);
}

export function writeNmeaText(fixes: SimulatedFix[]): Uint8Array {
  const parts: string[] = [];
  for (const f of fixes) parts.push(`${f.lap};${Math.round(f.timeMs)};${f.lat.toFixed(7)};${f.lon.toFixed(7)};${f.kmh.toFixed(2)}\n`);
  return utf8(parts.join(''));
}

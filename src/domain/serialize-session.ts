/**
 * Writers for the device's two session files, the inverse of parse-laps.ts and parse-positions.ts
 * (device-protocol.md, 'File contents'). Used by property tests, benchmarks and the simulated ASTRO.
 *
 * Numbers are written in fixed-point (never exponent form, which the device never writes and the parsers
 * reject): latitude/longitude with `coordinateDecimals` (default 7, ~1 cm), speed with `speedDecimals`
 * (default 2), times as integer milliseconds.
 */
import type { LapRecord, PositionColumns } from './session-types';

export interface SerializeLapsOptions {
  /** Write the leading `<record>` field (8 fields, current firmware) or not (7 fields, older firmware). Default true. */
  withRecord?: boolean;
  /** Line end, default '\n'. */
  eol?: '\n' | '\r\n';
}

export interface SerializePositionsOptions {
  /** Write `<timeMs>` (5 fields). Default: true when the first fix has a time. */
  withTime?: boolean;
  coordinateDecimals?: number;
  speedDecimals?: number;
  eol?: '\n' | '\r\n';
}

/** Shortest plain decimal for a number with at most `decimals` places: 41.5000000 -> '41.5', -0 -> '0'. */
export function fixed(value: number, decimals: number): string {
  let s = value.toFixed(decimals);
  if (decimals > 0) s = s.replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

export function serializeLaps(laps: readonly LapRecord[], options: SerializeLapsOptions = {}): string {
  const withRecord = options.withRecord ?? true;
  const eol = options.eol ?? '\n';
  let out = '';
  laps.forEach((lap, index) => {
    const fields = [
      lap.lapNumber,
      Math.round(lap.timeMs),
      Math.round(lap.sectorsMs[0]),
      Math.round(lap.sectorsMs[1]),
      Math.round(lap.sectorsMs[2]),
      fixed(lap.maxSpeedKmh, 2),
      fixed(lap.minSpeedKmh, 2),
    ];
    out += (withRecord ? `${index + 1};` : '') + fields.join(';') + eol;
  });
  return out;
}

export function serializePositions(columns: PositionColumns, options: SerializePositionsOptions = {}): string {
  const withTime = options.withTime ?? (columns.count > 0 && !Number.isNaN(columns.timeMs[0]));
  const cd = options.coordinateDecimals ?? 7;
  const sd = options.speedDecimals ?? 2;
  const eol = options.eol ?? '\n';
  const parts: string[] = new Array(columns.count);
  for (let i = 0; i < columns.count; i++) {
    const lat = fixed(columns.lat[i], cd);
    const lon = fixed(columns.lon[i], cd);
    const kmh = fixed(columns.speedKmh[i], sd);
    parts[i] = withTime
      ? `${columns.lap[i]};${Math.round(columns.timeMs[i])};${lat};${lon};${kmh}`
      : `${columns.lap[i]};${lat};${lon};${kmh}`;
  }
  return parts.length ? parts.join(eol) + eol : '';
}

/**
 * Writers for the device's two session files, the inverse of parse-laps.ts and parse-positions.ts
 * (docs/device-protocol.md, 'File contents'). Used by property tests, benchmarks and the simulated ASTRO.
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

/** fixed() by toFixed: the reference, and the path for values the integer path cannot write exactly. */
export function fixedByToFixed(value: number, decimals: number): string {
  let s = value.toFixed(decimals);
  if (decimals > 0) s = s.replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/**
 * Shortest plain decimal for a number with at most `decimals` places: 41.5000000 -> '41.5', -0 -> '0'. The same
 * text as toFixed (fixedByToFixed), about twice as fast: a 2 h 25 Hz import writes 540,000 of these. The value is
 * scaled and rounded as an integer; where the scaled value sits within 1e-6 of a rounding tie (the product's own
 * rounding, under 3e-7 for any coordinate, could then decide differently from toFixed's exact decimal) or is
 * not an exact integer range, toFixed writes it.
 */
export function fixed(value: number, decimals: number): string {
  const scale = POW10[decimals];
  const scaled = Math.abs(value) * scale;
  const n = Math.round(scaled);
  if (scale === undefined || !(n < 2 ** 52) || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) return fixedByToFixed(value, decimals);
  if (n === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const whole = Math.floor(n / scale);
  const part = n - whole * scale;
  if (part === 0) return `${sign}${whole}`;
  let digits = String(part);
  if (digits.length < decimals) digits = '0'.repeat(decimals - digits.length) + digits;
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === 48) end--;
  return `${sign}${whole}.${digits.slice(0, end)}`;
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

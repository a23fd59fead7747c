/**
 * Circuit coordinates (docs/device-protocol.md, 'Circuits as the device stores them'): text `lat;lon;lat;lon...` of signed decimal
 * degrees, the start/finish gate first, then the sector gates. Whitespace (including newlines) around numbers
 * is tolerated and a trailing ';' ignored; anything else is an error, never a silently shorter list.
 */
import { DomainError } from '../errors';
import type { GatePoint } from '../session-types';

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export type CoordinatesResult = { ok: true; points: GatePoint[] } | { ok: false; error: DomainError };

export function tryParseCoordinates(text: string): CoordinatesResult {
  const fail = (message: string): CoordinatesResult => ({ ok: false, error: new DomainError('invalid-coordinates', message) });
  if (typeof text !== 'string') return fail('coordinates are not text');
  const trimmed = text.trim().replace(/;\s*$/, '');
  if (trimmed === '') return { ok: true, points: [] };
  const fields = trimmed.split(';').map((f) => f.trim());
  if (fields.length % 2 !== 0) return fail('coordinates must be latitude;longitude pairs');
  const points: GatePoint[] = [];
  for (let k = 0; k < fields.length; k += 2) {
    if (!DECIMAL.test(fields[k]) || !DECIMAL.test(fields[k + 1])) return fail(`pair ${k / 2 + 1} is not two numbers`);
    const lat = Number(fields[k]);
    const lon = Number(fields[k + 1]);
    if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return fail(`pair ${k / 2 + 1} is out of range`);
    points.push({ lat, lon });
  }
  return { ok: true, points };
}

/** Points -> 'lat;lon;lat;lon' with the shortest exact decimal of each number. */
export function formatCoordinates(points: readonly GatePoint[]): string {
  return points.map((p) => `${plain(p.lat)};${plain(p.lon)}`).join(';');
}

/** Number -> plain decimal text (no exponent, e.g. 1e-7 -> '0.0000001'), exact round trip through Number(). */
function plain(v: number): string {
  const s = String(v);
  if (!/e/i.test(s)) return s;
  for (let d = 1; d <= 20; d++) {
    const f = v.toFixed(d);
    if (Number(f) === v) return f;
  }
  return v.toFixed(20);
}

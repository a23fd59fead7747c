/**
 * NMEA 0183 importer: GGA and RMC sentences (any talker: GP, GN, GL, GA, GB, BD...), checksums verified.
 *
 * A fix is one epoch (the sentences' hhmmss.ss UTC time). RMC gives position, speed (knots -> km/h) and the
 * date (ddmmyy); GGA gives position and fix quality. Sentences of one epoch are merged; an epoch whose RMC
 * status is 'V' or whose GGA quality is 0 has no valid fix and is skipped. Without any RMC date the caller's
 * fallback date is used. Lines with a bad or missing checksum, or malformed GGA/RMC fields, are skipped and
 * reported with their line numbers; other sentence types are ignored.
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, fallbackDayMs, isoOf, splitLines } from './import-columns';
import type { ImportOptions, ImportedSession } from './import-types';
import { timeOfDayMs } from './vbo-data-rows';

const KNOT_KMH = 1.852;
const DAY_MS = 86_400_000;

export function looksLikeNmea0183(text: string): boolean {
  return /^\s*\$[A-Z]{2}(GGA|RMC|GSA|GSV|VTG|GLL),/m.test(text.slice(0, 4096));
}

/**
 * XOR of the characters between '$' and '*', as two upper-case hex digits.
 * @internal Exported for its tests.
 */
export function nmeaChecksum(body: string): string {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
  return x.toString(16).toUpperCase().padStart(2, '0');
}

interface Epoch {
  tod: number;
  lat: number;
  lon: number;
  speedKmh: number;
  dayMs: number;
  valid: boolean;
}

export function importNmea0183(text: string, options: ImportOptions = {}): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The NMEA file is empty.');
  const lines = splitLines(text);
  const issues: ParseIssue[] = [];
  const epochs: Epoch[] = [];
  let current: Epoch | null = null;
  let sentences = 0;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const dollar = line.indexOf('$');
    if (dollar < 0) {
      issues.push({ line: i + 1, reason: 'not an NMEA sentence' });
      continue;
    }
    const star = line.lastIndexOf('*');
    if (star < dollar) {
      issues.push({ line: i + 1, reason: 'missing checksum' });
      continue;
    }
    const body = line.slice(dollar + 1, star);
    if (line.slice(star + 1, star + 3).toUpperCase() !== nmeaChecksum(body)) {
      issues.push({ line: i + 1, reason: 'bad checksum' });
      continue;
    }
    sentences++;
    const f = body.split(',');
    const type = f[0].slice(-3);
    if (type !== 'GGA' && type !== 'RMC') continue;
    const tod = timeOfDayMs(f[1] ?? '');
    if (!Number.isFinite(tod)) {
      issues.push({ line: i + 1, reason: 'bad time' });
      continue;
    }
    if (!current || current.tod !== tod) {
      current = { tod, lat: NaN, lon: NaN, speedKmh: NaN, dayMs: NaN, valid: true };
      epochs.push(current);
    }
    if (type === 'GGA') {
      const quality = Number(f[6]);
      if (f[6] === '' || quality === 0) {
        current.valid = false;
        continue;
      }
      const lat = coordinate(f[2], f[3], 'N', 'S', 90);
      const lon = coordinate(f[4], f[5], 'E', 'W', 180);
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
        issues.push({ line: i + 1, reason: 'bad GGA position' });
        continue;
      }
      current.lat = lat;
      current.lon = lon;
    } else {
      if (f[2] !== 'A') {
        current.valid = false;
        continue;
      }
      const lat = coordinate(f[3], f[4], 'N', 'S', 90);
      const lon = coordinate(f[5], f[6], 'E', 'W', 180);
      const day = rmcDay(f[9] ?? '');
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
        issues.push({ line: i + 1, reason: 'bad RMC position' });
        continue;
      }
      current.lat = lat;
      current.lon = lon;
      const knots = Number(f[7]);
      if (f[7] !== '' && Number.isFinite(knots)) current.speedKmh = knots * KNOT_KMH;
      if (Number.isFinite(day)) current.dayMs = day;
    }
  }
  if (sentences === 0) throw new ImportError('unknown-format', 'No valid NMEA 0183 sentence in the file.');

  // Dates: each epoch takes the last RMC date seen (or the first one, for epochs before it); midnight rolls.
  const firstDay = epochs.find((e) => Number.isFinite(e.dayMs))?.dayMs ?? fallbackDayMs(options.fallbackDate);
  if (!Number.isFinite(firstDay)) throw new ImportError('missing-date', 'The NMEA file has no RMC date.');
  const builder = new ColumnsBuilder(epochs.length);
  let day = firstDay;
  let lastTod = NaN;
  for (const e of epochs) {
    if (Number.isFinite(e.dayMs)) day = e.dayMs;
    else if (Number.isFinite(lastTod) && e.tod < lastTod - DAY_MS / 2) day += DAY_MS;
    lastTod = e.tod;
    if (!e.valid || !Number.isFinite(e.lat) || !Number.isFinite(e.lon)) continue;
    const epoch = day + e.tod;
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) continue;
    builder.push(epoch, e.lat, e.lon, e.speedKmh);
  }
  if (builder.count === 0) throw new ImportError('no-fixes', 'The NMEA file has no valid fix.');
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'nmea', issues };
}

/** NMEA (d)ddmm.mmmm + hemisphere -> signed degrees, NaN when malformed or out of range. */
function coordinate(value: string | undefined, hemisphere: string | undefined, pos: string, neg: string, maxDeg: number): number {
  if (!value || !/^\d{3,}(\.\d+)?$/.test(value)) return NaN;
  const whole = value.indexOf('.') < 0 ? value.length : value.indexOf('.');
  const degrees = Number(value.slice(0, whole - 2));
  const minutes = Number(value.slice(whole - 2));
  if (minutes >= 60) return NaN;
  const v = degrees + minutes / 60;
  if (v > maxDeg) return NaN;
  if (hemisphere === pos) return v;
  if (hemisphere === neg) return -v;
  return NaN;
}

/** RMC ddmmyy -> UTC midnight (years 80-99 are 19xx), NaN when malformed. */
function rmcDay(text: string): number {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return NaN;
  const yy = Number(m[3]);
  const month = Number(m[2]);
  const dayOfMonth = Number(m[1]);
  if (month < 1 || month > 12 || dayOfMonth < 1 || dayOfMonth > 31) return NaN;
  return Date.UTC(yy >= 80 ? 1900 + yy : 2000 + yy, month - 1, dayOfMonth);
}

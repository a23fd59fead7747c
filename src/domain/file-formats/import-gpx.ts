/**
 * GPX 1.1 importer: every `<trkpt lat=".." lon="..">` with a `<time>` (ISO 8601) becomes a fix, in document
 * order across tracks and segments. Speed in m/s comes from a `<speed>` child (GPX 1.0) or any namespaced
 * `<x:speed>` extension (Garmin TrackPointExtension, gpxdata...); without it, speed is derived from the
 * positions. A small scanner, not a DOM: the domain runs in workers and Node, where no DOMParser exists.
 * Points without a time, with bad coordinates, or going back in time are skipped and reported by line.
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf } from './import-columns';
import type { ImportedSession } from './import-types';

const TRKPT = /<trkpt\b([^>]*?)(\/?)>/g;
const ATTR = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
const LAT_ATTR = ATTR('lat');
const LON_ATTR = ATTR('lon');
const TIME = /<time>\s*([^<]+?)\s*<\/time>/;
const SPEED = /<(?:[\w.-]+:)?speed>\s*([^<]+?)\s*<\/(?:[\w.-]+:)?speed>/;

export function looksLikeGpx(text: string): boolean {
  return /<gpx[\s>]/.test(text.slice(0, 4096));
}

export function importGpx(text: string): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The GPX file is empty.');
  if (!looksLikeGpx(text)) throw new ImportError('bad-structure', 'Not a GPX file: no <gpx> root element.');
  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder();
  let lineNumber = 1;
  let scanned = 0;
  let points = 0;
  TRKPT.lastIndex = 0;
  for (let m = TRKPT.exec(text); m; m = TRKPT.exec(text)) {
    for (let i = scanned; i < m.index; i++) if (text.charCodeAt(i) === 10) lineNumber++;
    scanned = m.index;
    points++;
    const attrs = m[1];
    let inner = '';
    if (m[2] !== '/') {
      const close = text.indexOf('</trkpt>', TRKPT.lastIndex);
      if (close < 0) {
        issues.push({ line: lineNumber, reason: 'unclosed trkpt' });
        break;
      }
      inner = text.slice(TRKPT.lastIndex, close);
      TRKPT.lastIndex = close + 8;
    }
    const lat = attrNumber(LAT_ATTR, attrs);
    const lon = attrNumber(LON_ATTR, attrs);
    if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) {
      issues.push({ line: lineNumber, reason: 'bad lat or lon' });
      continue;
    }
    const timeText = TIME.exec(inner)?.[1];
    const epoch = timeText && /^\d{4}-\d{2}-\d{2}T/.test(timeText) ? Date.parse(timeText) : NaN;
    if (!Number.isFinite(epoch)) {
      issues.push({ line: lineNumber, reason: 'trkpt without a valid time' });
      continue;
    }
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) {
      issues.push({ line: lineNumber, reason: 'time does not advance' });
      continue;
    }
    const speedText = SPEED.exec(inner)?.[1];
    const speedMs = speedText === undefined ? NaN : Number(speedText);
    builder.push(epoch, lat, lon, Number.isFinite(speedMs) && speedMs >= 0 ? speedMs * 3.6 : NaN);
  }
  if (points === 0) throw new ImportError('no-fixes', 'The GPX file has no track points.');
  if (builder.count === 0) throw new ImportError('no-fixes', 'The GPX file has no track point with a time.');
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'gpx', issues };
}

function attrNumber(re: RegExp, attrs: string): number {
  const m = re.exec(attrs);
  const v = m ? (m[1] ?? m[2]) : undefined;
  return v !== undefined && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
}

/**
 * KML importer: the app's own export (export-kml.ts: one Placemark per lap, a LineString of 'lon,lat' tuples with a
 * TimeSpan of its first and last fix) and Google Earth tracks (`gx:Track`: a `<when>` per `<gx:coord>`).
 *
 * A LineString carries no time per position: its fixes get times spread evenly over the Placemark's TimeSpan,
 * which gives a 25 Hz log its own times back (the device logs at a steady rate). A LineString without a TimeSpan
 * cannot be timed and is skipped (reported). A small scanner, not a DOM: the domain runs where no DOMParser exists.
 */
import type { ParseIssue } from '../session-types';
import { ImportError } from './import-errors';
import { ColumnsBuilder, isoOf } from './import-columns';
import type { ImportedSession } from './import-types';

export function looksLikeKml(text: string): boolean {
  return /<kml[\s>]/.test(text.slice(0, 4096));
}

const PLACEMARK = /<Placemark\b[^>]*>([\s\S]*?)<\/Placemark>/g;
const BEGIN = /<begin>\s*([^<]+?)\s*<\/begin>/;
const END = /<end>\s*([^<]+?)\s*<\/end>/;
const COORDINATES = /<coordinates>([\s\S]*?)<\/coordinates>/;
const TRACK = /<gx:Track\b[^>]*>([\s\S]*?)<\/gx:Track>/g;
const WHEN = /<when>\s*([^<]+?)\s*<\/when>/g;
const GX_COORD = /<gx:coord>\s*([^<]+?)\s*<\/gx:coord>/g;

const isoMs = (text: string | undefined) => (text && /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN);

export function importKml(text: string): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The KML file is empty.');
  if (!looksLikeKml(text)) throw new ImportError('bad-structure', 'Not a KML file: no <kml> root element.');
  const issues: ParseIssue[] = [];
  const builder = new ColumnsBuilder();
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const push = (epoch: number, lon: number, lat: number, line: number) => {
    if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) return issues.push({ line, reason: 'bad lat or lon' });
    if (builder.count > 0 && !(epoch > builder.lastEpochMs)) return issues.push({ line, reason: 'time does not advance' });
    builder.push(epoch, lat, lon, NaN);
  };

  // Google Earth tracks: one time per position.
  TRACK.lastIndex = 0;
  for (let m = TRACK.exec(text); m; m = TRACK.exec(text)) {
    const whens = [...m[1].matchAll(WHEN)].map((w) => isoMs(w[1]));
    const coords = [...m[1].matchAll(GX_COORD)].map((c) => c[1].trim().split(/\s+/).map(Number));
    const line = lineOf(m.index);
    for (let k = 0; k < Math.min(whens.length, coords.length); k++) {
      if (!Number.isFinite(whens[k])) issues.push({ line, reason: 'gx:Track position without a valid time' });
      else push(whens[k], coords[k][0], coords[k][1], line);
    }
  }

  // LineStrings timed by their Placemark's TimeSpan.
  PLACEMARK.lastIndex = 0;
  for (let m = PLACEMARK.exec(text); m; m = PLACEMARK.exec(text)) {
    const body = m[1];
    const coordinates = COORDINATES.exec(body)?.[1];
    if (coordinates === undefined || body.includes('<gx:Track')) continue;
    const line = lineOf(m.index);
    const begin = isoMs(BEGIN.exec(body)?.[1]);
    const end = isoMs(END.exec(body)?.[1]);
    if (!Number.isFinite(begin) || !Number.isFinite(end) || end < begin) {
      issues.push({ line, reason: 'LineString without a TimeSpan' });
      continue;
    }
    let tuples = coordinates.trim().split(/\s+/).filter((t) => t !== '').map((t) => t.split(',').map(Number));
    // A lap of one fix is written as that fix twice (a LineString needs two positions): keep it once.
    if (end === begin) tuples = tuples.slice(0, 1);
    const n = tuples.length;
    for (let k = 0; k < n; k++) push(n === 1 ? begin : begin + ((end - begin) * k) / (n - 1), tuples[k][0], tuples[k][1], line);
  }

  if (builder.count === 0) throw new ImportError('no-fixes', 'The KML file has no timed track.');
  const { positions, startEpochMs } = builder.finish();
  return { positions, startedAt: isoOf(startEpochMs), source: 'kml', issues };
}

/**
 * Export of a session or one lap (issue 6): CSV (one row per fix), GPX 1.1 (a track, one segment per lap, fix
 * times when the session start is known) and KML 2.2 (one placemark line per lap). Pure string builders over the
 * typed columns; fixes without a position (NaN, 0/0) are left out.
 */
import type { PositionColumns } from '../../domain/session-types';

export type ExportFormat = 'csv' | 'gpx' | 'kml';

export interface ExportRange {
  /** Lap number to export, or null for the whole session. */
  lap: number | null;
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
};

export const mimeOf = (format: ExportFormat) => MIME[format];

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const hasFix = (p: PositionColumns, i: number) => Number.isFinite(p.lat[i]) && Number.isFinite(p.lon[i]) && !(p.lat[i] === 0 && p.lon[i] === 0);

/** Fix indices grouped by lap (in order), limited to one lap when asked; lap 0 is kept only for whole sessions. */
export function lapRuns(p: PositionColumns, range: ExportRange): { lap: number; indices: number[] }[] {
  const runs: { lap: number; indices: number[] }[] = [];
  for (let i = 0; i < p.count; i++) {
    const lap = p.lap[i];
    if (range.lap !== null && lap !== range.lap) continue;
    if (!hasFix(p, i)) continue;
    const last = runs[runs.length - 1];
    if (last && last.lap === lap) last.indices.push(i);
    else runs.push({ lap, indices: [i] });
  }
  return runs;
}

export function toCsv(p: PositionColumns, range: ExportRange): string {
  const lines = ['lap,time_ms,latitude,longitude,speed_kmh,distance_m'];
  for (const run of lapRuns(p, range)) {
    for (const i of run.indices) {
      const time = Number.isFinite(p.timeMs[i]) ? String(Math.round(p.timeMs[i])) : '';
      lines.push(`${p.lap[i]},${time},${p.lat[i].toFixed(7)},${p.lon[i].toFixed(7)},${p.speedKmh[i].toFixed(1)},${p.distanceM[i].toFixed(1)}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** `startMs`: epoch ms of the session start (fix time 0), or null to leave times out. */
export function toGpx(p: PositionColumns, range: ExportRange, name: string, startMs: number | null): string {
  const segments = lapRuns(p, range)
    .map((run) => {
      const points = run.indices
        .map((i) => {
          const time = startMs !== null && Number.isFinite(p.timeMs[i]) ? `<time>${new Date(startMs + p.timeMs[i]).toISOString()}</time>` : '';
          return `      <trkpt lat="${p.lat[i].toFixed(7)}" lon="${p.lon[i].toFixed(7)}">${time}</trkpt>`;
        })
        .join('\n');
      return `    <trkseg>\n${points}\n    </trkseg>`;
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="ASTRO Companion" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <trk>`,
    `    <name>${xmlEscape(name)}</name>`,
    segments,
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}

export function toKml(p: PositionColumns, range: ExportRange, name: string): string {
  const placemarks = lapRuns(p, range)
    .map((run) => {
      const coords = run.indices.map((i) => `${p.lon[i].toFixed(7)},${p.lat[i].toFixed(7)},0`).join(' ');
      return `    <Placemark><name>${xmlEscape(run.lap === 0 ? 'Out' : `Lap ${run.lap}`)}</name><LineString><tessellate>1</tessellate><coordinates>${coords}</coordinates></LineString></Placemark>`;
    })
    .join('\n');
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<kml xmlns="http://www.opengis.net/kml/2.2">', '  <Document>', `    <name>${xmlEscape(name)}</name>`, placemarks, '  </Document>', '</kml>', ''].join('\n');
}

/** A safe file name: the session name without path or reserved characters, plus lap and extension. */
export function exportFileName(sessionName: string, range: ExportRange, format: ExportFormat): string {
  const cleaned = Array.from(sessionName, (ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('');
  const base = cleaned.replace(/_+/g, '_').trim() || 'session';
  return `${base}${range.lap !== null ? `_lap${range.lap}` : ''}.${format}`;
}

export function buildExport(p: PositionColumns, range: ExportRange, format: ExportFormat, name: string, startMs: number | null): string {
  switch (format) {
    case 'csv':
      return toCsv(p, range);
    case 'gpx':
      return toGpx(p, range, name, startMs);
    case 'kml':
      return toKml(p, range, name);
  }
}

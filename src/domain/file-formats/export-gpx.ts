/**
 * GPX 1.1 export of a session or one lap: one track, one segment per lap (in lap order), a track point per fix
 * with its UTC time and its speed in m/s as a Garmin TrackPointExtension v2 `speed` (the extension most apps
 * read; GPX 1.1 itself has no speed element).
 */
import { COORDINATE_DECIMALS, fixed, isoUtc, selectFixes, xmlEscape, type ExportOptions, type ExportableSession } from './export-common';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const GPXTPX_NAMESPACE = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';

export function exportGpx(session: ExportableSession, options: ExportOptions = {}): string {
  const { positions } = session;
  const { indices, epochMs } = selectFixes(session, options);
  const name = xmlEscape(options.lap === undefined ? session.name : `${session.name} - Lap ${options.lap}`);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="ASTRO Companion" xmlns="${GPX_NAMESPACE}" xmlns:gpxtpx="${GPXTPX_NAMESPACE}">`,
    `  <metadata><name>${name}</name>${indices.length > 0 ? `<time>${isoUtc(epochMs[indices[0]])}</time>` : ''}</metadata>`,
    `  <trk>`,
    `    <name>${name}</name>`,
  ];
  let currentLap: number | null = null;
  for (const i of indices) {
    if (positions.lap[i] !== currentLap) {
      if (currentLap !== null) out.push('    </trkseg>');
      out.push('    <trkseg>');
      currentLap = positions.lap[i];
    }
    const speed = positions.speedKmh[i];
    const extension = Number.isFinite(speed)
      ? `<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>${fixed(speed / 3.6, 3)}</gpxtpx:speed></gpxtpx:TrackPointExtension></extensions>`
      : '';
    out.push(
      `      <trkpt lat="${fixed(positions.lat[i], COORDINATE_DECIMALS)}" lon="${fixed(positions.lon[i], COORDINATE_DECIMALS)}"><time>${isoUtc(epochMs[i])}</time>${extension}</trkpt>`,
    );
  }
  if (currentLap !== null) out.push('    </trkseg>');
  out.push('  </trk>', '</gpx>');
  return out.join('\n') + '\n';
}

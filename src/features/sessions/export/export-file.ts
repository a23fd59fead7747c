/**
 * Export of a session or one lap as CSV, GPX or KML, with the domain exporters
 * (src/domain/file-formats/export-*.ts); this picks the exporter, the MIME type and a safe file name.
 */
import type { ExportableSession } from '../../../domain/file-formats/export-common';
import { EXPORTERS, type ExportFormat } from '../../../domain/file-formats/export-formats';

export type { ExportFormat };

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
};

export const mimeOf = (format: ExportFormat) => MIME[format];

/** The session name without path or reserved characters, plus the lap and the extension. */
export function exportFileName(sessionName: string, lap: number | null, format: ExportFormat): string {
  const cleaned = Array.from(sessionName, (ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('');
  const base = cleaned.replace(/_+/g, '_').trim() || 'session';
  return `${base}${lap !== null ? `_lap${lap}` : ''}.${format}`;
}

export function buildExport(session: ExportableSession, lap: number | null, format: ExportFormat): string {
  return EXPORTERS[format](session, lap === null ? {} : { lap });
}

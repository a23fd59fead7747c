/**
 * Every format a session exports to, with its exporter. Each one imports back (prepare-import.ts) to the same
 * laps: the round-trip test walks this list, so a format added here is held to that too.
 */
import type { ExportOptions, ExportableSession } from './export-common';
import { exportCsv } from './export-csv';
import { exportGpx } from './export-gpx';
import { exportKml } from './export-kml';

export type ExportFormat = 'csv' | 'gpx' | 'kml';

export const EXPORTERS: Record<ExportFormat, (session: ExportableSession, options?: ExportOptions) => string> = {
  csv: exportCsv,
  gpx: exportGpx,
  kml: exportKml,
};

/** @internal Exported for its tests. */
export const EXPORT_FORMATS = Object.keys(EXPORTERS) as ExportFormat[];

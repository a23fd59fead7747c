/**
 * CSV export of a session or one lap: a header row, then one row per fix, comma-separated, '\n' line ends,
 * numbers in plain decimals (no exponents, '.' as the decimal point, whatever the UI language):
 *   lap,time_ms,utc,latitude,longitude,speed_kmh,distance_m
 * `time_ms` is ms since the session start, `utc` the fix's ISO 8601 UTC time, `distance_m` metres from the
 * first exported fix (so a single lap starts at 0).
 */
import { COORDINATE_DECIMALS, fixed, isoUtc, selectFixes, type ExportOptions, type ExportableSession } from './export-common';

/** @internal Exported for its tests. */
export const CSV_HEADER = 'lap,time_ms,utc,latitude,longitude,speed_kmh,distance_m';

export function exportCsv(session: ExportableSession, options: ExportOptions = {}): string {
  const { positions } = session;
  const { indices, epochMs } = selectFixes(session, options);
  const start = epochMs.length > 0 ? epochMs[0] : 0;
  const base = indices.length > 0 ? positions.distanceM[indices[0]] : 0;
  const rows: string[] = [CSV_HEADER];
  for (const i of indices) {
    rows.push(
      [
        positions.lap[i],
        fixed(epochMs[i] - start, 3),
        isoUtc(epochMs[i]),
        fixed(positions.lat[i], COORDINATE_DECIMALS),
        fixed(positions.lon[i], COORDINATE_DECIMALS),
        Number.isFinite(positions.speedKmh[i]) ? fixed(positions.speedKmh[i], 2) : '',
        fixed(positions.distanceM[i] - base, 2),
      ].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

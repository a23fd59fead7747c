import { describe, expect, it } from 'vitest';
import { buildExport, exportFileName, mimeOf } from '../../../../../src/features/sessions/export/export-file';
import { syntheticSession } from '../../../../helpers/synthetic-session';

describe('session export', () => {
  const { positions } = syntheticSession({ fixes: 25 * 200, seed: 3 });
  const session = { name: 'Braga <test>', startedAt: '2026-03-01T10:00:00Z', positions };

  it('exports the whole session or one lap in each format', () => {
    const whole = buildExport(session, null, 'csv').trim().split('\n');
    const lap1 = buildExport(session, 1, 'csv').trim().split('\n');
    expect(whole.length - 1).toBe(positions.count);
    expect(lap1.length).toBeGreaterThan(1);
    expect(lap1.length).toBeLessThan(whole.length);
    expect(buildExport(session, 1, 'gpx')).toContain('<gpx');
    expect(buildExport(session, null, 'kml')).toContain('<kml');
    expect(buildExport(session, null, 'gpx')).toContain('Braga &lt;test&gt;');
  });

  it('makes safe file names and names the MIME type', () => {
    expect(exportFileName('Braga 01/03/2026 10H00', 3, 'gpx')).toBe('Braga 01_03_2026 10H00_lap3.gpx');
    expect(exportFileName('', null, 'csv')).toBe('session.csv');
    expect(mimeOf('kml')).toBe('application/vnd.google-earth.kml+xml');
  });
});

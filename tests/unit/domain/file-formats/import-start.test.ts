import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareImport, type PreparedImport } from '../../../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import { MINUTE_MS, sessionStartFromFileName, sessionStartOf, startAccuracyMs } from '../../../../src/domain/value-format/session-start';
import { displayNameFromFileName } from '../../../../src/domain/value-format/session-name';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const bytes = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const text = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

const imported = (fileName: string, content: Uint8Array): Promise<PreparedImport> => prepareImport({ fileName, source: bytesSource(content), circuits: [] });

/** The UTC instant of a VBO's first [data] row, read here from the text: its date line and its hhmmss.sss time. */
function firstVboFixMs(vbo: string): number {
  const created = /File created on (\d{2})\/(\d{2})\/(\d{4})/.exec(vbo)!;
  const row = vbo.slice(vbo.indexOf('[data]')).split(/\r?\n/)[1].trim().split(/\s+/);
  const t = row[1];
  const [h, m, s] = [Number(t.slice(0, 2)), Number(t.slice(2, 4)), Number(t.slice(4))];
  return Date.UTC(Number(created[3]), Number(created[2]) - 1, Number(created[1]), h, m, 0) + Math.round(s * 1000);
}

describe("an imported session's stored start is its first fix's UTC instant", () => {
  it('Road America (VBOX HD2): the first row at 19:45:23.680 UTC, not the track wall clock to the minute; named in Chicago time', async () => {
    const vbo = text('roadamerica-vbox-hd2-25hz-trimmed.vbo');
    const prepared = await imported('Road America FP1.vbo', bytes('roadamerica-vbox-hd2-25hz-trimmed.vbo'));
    expect(Date.parse(prepared.date)).toBe(firstVboFixMs(vbo));
    expect(prepared.date).toBe('2025-08-01T19:45:23.680Z');
    expect(prepared.dateAccuracyMs).toBe(0);
    expect(prepared.timeZone).toBe('America/Chicago');
    // The name shows the track's clock: 14:45 CDT.
    expect(displayNameFromFileName(prepared.fileName)).toBe('Road America FP1 01/08/2025 14H45');
  });

  it('Rustavi (Dragy): the first row of the trimmed file, in UTC to the millisecond', async () => {
    const vbo = text('rustavi-dragy-25hz-trimmed.vbo');
    const prepared = await imported('rustavi.vbo', bytes('rustavi-dragy-25hz-trimmed.vbo'));
    expect(Date.parse(prepared.date)).toBe(firstVboFixMs(vbo));
    expect(prepared.dateAccuracyMs).toBe(0);
  });

  it('a GoPro MAX video: its first GPS fix, 18 Nov 2019 23:45 UTC (GPSU), not the Californian wall clock', async () => {
    const prepared = await imported('GS010012.mp4', bytes('gopro-max-gpmf-18hz.mp4'));
    expect(prepared.date.slice(0, 16)).toBe('2019-11-18T23:45');
    expect(Number(prepared.date.slice(17, 23))).toBeGreaterThan(0);
    expect(prepared.dateAccuracyMs).toBe(0);
    expect(prepared.timeZone).toBe('America/Los_Angeles');
    expect(displayNameFromFileName(prepared.fileName)).toBe('GS010012 18/11/2019 15H45');
  });

  it("RaceChrono CSV v3: the first GPS row's unix time", async () => {
    const csv = text('tianma-racechrono-lap9-v3.csv');
    const first = csv.split(/\r?\n/).find((l) => /^\d{10}\.\d+,/.test(l))!;
    const prepared = await imported('tianma.csv', bytes('tianma-racechrono-lap9-v3.csv'));
    expect(Date.parse(prepared.date)).toBe(Math.round(Number(first.split(',')[0]) * 1000));
    expect(prepared.dateAccuracyMs).toBe(0);
  });

  it('an AiM CSV (wall clock at the track, to the minute): 3:42 PM in Saskatchewan (UTC-6 all year) is 21:42 UTC, known to the minute', async () => {
    const prepared = await imported('sskc.csv', bytes('sskc-mychron-aim-20hz-trimmed.csv'));
    expect(prepared.timeZone).toBe('America/Regina');
    expect(prepared.date).toBe('2022-06-19T21:42:00.000Z');
    expect(prepared.dateAccuracyMs).toBe(MINUTE_MS);
  });
});

describe('session starts', () => {
  it('reads a start with a zone as that instant, to the millisecond', () => {
    expect(sessionStartOf('2025-08-01T19:43:33.68Z', 'America/Chicago')).toEqual({ date: '2025-08-01T19:43:33.680Z', accuracyMs: 0 });
    expect(sessionStartOf('2025-08-01T14:43:33.68-05:00', null)).toEqual({ date: '2025-08-01T19:43:33.680Z', accuracyMs: 0 });
  });

  it('reads a wall clock in the track zone, across summer time, and knows a whole minute only to the minute', () => {
    expect(sessionStartOf('2026-04-12T10:30:00', 'Europe/Lisbon')).toEqual({ date: '2026-04-12T09:30:00.000Z', accuracyMs: MINUTE_MS });
    expect(sessionStartOf('2026-01-12T10:30:17.250', 'Europe/Lisbon')).toEqual({ date: '2026-01-12T10:30:17.250Z', accuracyMs: 0 });
    expect(sessionStartOf('not a date', 'Europe/Lisbon')).toBeNull();
  });

  it('dates a device file name in the track zone, to the minute, and refuses a name that is not one', () => {
    expect(sessionStartFromFileName('20250801_1443_Road America', 'America/Chicago')).toEqual({ date: '2025-08-01T19:43:00.000Z', accuracyMs: MINUTE_MS });
    expect(sessionStartFromFileName('20250801_1443_Road America (2)', 'America/Chicago')?.date).toBe('2025-08-01T19:43:00.000Z');
    expect(sessionStartFromFileName('run 4.vbo', 'America/Chicago')).toBeNull();
  });

  it("takes a row's own accuracy, else a minute for a whole-minute date (older rows, the server's)", () => {
    expect(startAccuracyMs('2025-08-01T19:43:00.000Z', 0)).toBe(0);
    expect(startAccuracyMs('2025-08-01T19:43:00.000Z')).toBe(MINUTE_MS);
    expect(startAccuracyMs('2025-08-01T19:43:33.680Z')).toBe(0);
  });
});

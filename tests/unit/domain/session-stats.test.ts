import { describe, expect, it } from 'vitest';
import { formatSessionDuration } from '../../../src/domain/value-format/session-duration';
import { parseLapsText } from '../../../src/domain/parse-laps';
import { SESSION_STATS_VERSION, sessionStatsFromLaps, sessionStatsFromLapsText } from '../../../src/domain/session-stats';
import { analyseSession } from '../../../src/domain/analysis/analyse-session';
import { readFileSync } from 'node:fs';
import { prepareImport } from '../../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../../src/domain/file-reading/byte-source';
import { sessionLengthMs } from '../../../src/domain/session-length';

// Lap 0 (before the first crossing), three laps of which lap 2 was not closed (time 0), and the In Lap.
const LAPS = ['1;0;15000;0;0;0;40;10', '2;1;61234;20000;21000;20234;98.5;41.2', '3;2;0;0;0;0;0;0', '4;3;60500;19900;20800;19800;99.1;42.0', '5;4;75000;25000;25000;25000;80;20'].join('\n');

describe('session stats for the lists', () => {
  it('counts the laps of the file (not lap 0), takes the fastest valid lap and sums the valid laps', () => {
    expect(sessionStatsFromLapsText(LAPS)).toEqual({ version: SESSION_STATS_VERSION, bestLapMs: 60_500, lapCount: 4, durationMs: 61_234 + 60_500 + 75_000 });
  });

  it("agrees with the lap viewer's best lap and total time", () => {
    const laps = parseLapsText(LAPS).laps;
    const analysis = analyseSession(laps, null);
    const stats = sessionStatsFromLaps(laps);
    expect(stats.bestLapMs).toBe(analysis.bestLapMs);
    expect(stats.durationMs).toBe(analysis.totalTimeMs);
    expect(stats.lapCount).toBe(analysis.laps.length);
  });

  it("gives the session's length, first fix to last, as its duration: the AiM kart file of 15:51 (its laps add up to 14:15)", async () => {
    const file = 'sskc-mychron-aim-20hz-trimmed.csv';
    const bytes = new Uint8Array(readFileSync(new URL(`../../fixtures/real-logs/${file}`, import.meta.url)));
    const prepared = await prepareImport({ fileName: file, source: bytesSource(bytes), circuits: [], lastModified: 0 });
    // Independent reference: the CSV's own time column runs from 0.000 to 950.950 s (its header says 'Duration,951').
    const rows = new TextDecoder().decode(bytes).split('\n').filter((l) => /^\d+\.\d{3},/.test(l));
    const referenceMs = (Number(rows[rows.length - 1].split(',')[0]) - Number(rows[0].split(',')[0])) * 1000;
    expect(referenceMs).toBeCloseTo(950_950, 0);
    const stats = sessionStatsFromLapsText(prepared.lapsText, prepared.nmeaBytes);
    expect(Math.abs(stats.durationMs! - referenceMs)).toBeLessThanOrEqual(1);
    expect(formatSessionDuration(stats.durationMs)).toBe('15 min 50 s');
    // What the list said before: the laps' sum.
    expect(formatSessionDuration(sessionStatsFromLapsText(prepared.lapsText).durationMs)).toBe('14 min 15 s');
  });

  it('reads the length from the ends of a long positions file as a whole parse does, past corrupt and untimed lines', () => {
    const line = (i: number) => `1;${1000 + i * 40};41.5${String(i % 1000).padStart(3, '0')};44.9;${(50 + (i % 7)).toFixed(1)}`;
    const body = Array.from({ length: 5000 }, (_, i) => line(i));
    const text = ['garbage;;', 'x', ...body, 'broken line', ''].join('\n');
    expect(sessionLengthMs(new TextEncoder().encode(text))).toBe(4999 * 40);
    // Without a final newline, the last line still counts.
    expect(sessionLengthMs(new TextEncoder().encode(body.join('\n')))).toBe(4999 * 40);
    // 4-field lines (no time): the device's 25 Hz.
    const untimed = Array.from({ length: 3000 }, () => '1;41.5;44.9;50').join('\n');
    expect(sessionLengthMs(new TextEncoder().encode(untimed))).toBe(2999 * 40);
    expect(sessionLengthMs(new Uint8Array())).toBeNull();
    expect(sessionLengthMs(new TextEncoder().encode(line(0)))).toBeNull();
  });

  it('has no best lap nor duration without a valid lap, and skips damaged lines', () => {
    expect(sessionStatsFromLapsText('')).toEqual({ version: SESSION_STATS_VERSION, bestLapMs: null, lapCount: 0, durationMs: null });
    expect(sessionStatsFromLapsText('1;1;0;0;0;0;0;0\nnot a lap\n')).toEqual({ version: SESSION_STATS_VERSION, bestLapMs: null, lapCount: 1, durationMs: null });
  });

  it('handles a huge laps file without overflowing the stack', () => {
    const laps = Array.from({ length: 200_000 }, (_, i) => ({ lapNumber: i + 1, lapName: `Lap ${i + 1}`, timeMs: 60_000 + (i % 300), sectorsMs: [1, 1, 1] as [number, number, number], maxSpeedKmh: 1, minSpeedKmh: 1, valid: true }));
    expect(sessionStatsFromLaps(laps)).toMatchObject({ bestLapMs: 60_000, lapCount: 200_000 });
  });

  it('writes a duration as hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatSessionDuration(3_723_450)).toBe('1 h 02 min');
    expect(formatSessionDuration(196_734)).toBe('3 min 16 s');
    expect(formatSessionDuration(45_900)).toBe('45 s');
    expect(formatSessionDuration(null)).toBe('-');
    expect(formatSessionDuration(NaN)).toBe('-');
  });
});

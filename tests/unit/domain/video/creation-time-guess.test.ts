import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareImport } from '../../../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import { parsePositionsText } from '../../../../src/domain/parse-positions';
import { guessFromCreationTime } from '../../../../src/domain/video/creation-time-guess';
import { zoneOffsetMinutes } from '../../../../src/domain/value-format/wall-clock';

const sessionStartMs = Date.UTC(2026, 6, 4, 9, 0, 0);
const base = { durationS: 600, sessionStartMs, sessionDurationMs: 1_200_000 };

describe('first guess from the file creation time', () => {
  it('reads a phone’s UTC start time as the offset', () => {
    const guess = guessFromCreationTime({ ...base, createdMs: sessionStartMs + 90_000, utcOffsetMin: 60 });
    expect(guess?.reading).toBe('utc-start');
    expect(guess?.sync).toEqual({ offsetMs: 90_000, rate: 1 });
  });

  it('reads a GoPro’s local wall clock written as UTC through the circuit’s zone', () => {
    // Portugal in summer is UTC+1: the camera wrote 10:01:30 for 09:01:30 UTC.
    const guess = guessFromCreationTime({ ...base, createdMs: sessionStartMs + 3_600_000 + 90_000, utcOffsetMin: 60 });
    expect(guess?.reading).toBe('local-start');
    expect(guess?.sync.offsetMs).toBe(90_000);
  });

  it('reads a local wall clock through the circuit’s own zone, summer time included', () => {
    // Rustavi (Asia/Tbilisi, UTC+4 all year): the camera wrote 13:02:00 for 09:02:00 UTC.
    const tbilisi = guessFromCreationTime({ ...base, createdMs: sessionStartMs + 4 * 3_600_000 + 120_000, timeZone: 'Asia/Tbilisi' });
    expect(tbilisi?.reading).toBe('local-start');
    expect(tbilisi?.sync.offsetMs).toBe(120_000);
    // Lisbon in July is UTC+1 (WEST), not its winter UTC+0.
    const lisbon = guessFromCreationTime({ ...base, createdMs: sessionStartMs + 3_600_000 + 30_000, timeZone: 'Europe/Lisbon' });
    expect(lisbon?.reading).toBe('local-start');
    expect(lisbon?.sync.offsetMs).toBe(30_000);
  });

  it('prefers the reading that overlaps the session most when two do', () => {
    // Written at the stop, in local time (UTC+1): only 'local-end' puts the whole 10 minutes over the session.
    const guess = guessFromCreationTime({ ...base, createdMs: sessionStartMs + 3_600_000 + 700_000, timeZone: 'Europe/Lisbon' });
    expect(guess?.reading).toBe('local-end');
    expect(guess?.sync.offsetMs).toBe(100_000);
  });

  it('reads a time written when recording stopped when only that overlaps the session', () => {
    const guess = guessFromCreationTime({ ...base, durationS: 600, createdMs: sessionStartMs + 1_000_000 + 600_000 });
    expect(guess?.reading).toBe('utc-end');
    expect(guess?.sync.offsetMs).toBe(1_000_000);
  });

  it("takes a GoPro's local reading first when both readings overlap a long session", () => {
    // Lisbon in July is UTC+1; a 2 h session; the GoPro wrote 10:40 local (09:40 UTC), 40 minutes in.
    const long = { ...base, sessionDurationMs: 7_200_000, createdMs: sessionStartMs + 3_600_000 + 2_400_000, timeZone: 'Europe/Lisbon' };
    expect(guessFromCreationTime(long)?.reading).toBe('utc-start');
    const gopro = guessFromCreationTime({ ...long, clock: 'local' });
    expect(gopro?.reading).toBe('local-start');
    expect(gopro?.sync.offsetMs).toBe(2_400_000);
    // Where only the UTC reading overlaps, it is still taken.
    expect(guessFromCreationTime({ ...base, createdMs: sessionStartMs + 90_000, utcOffsetMin: 600, clock: 'local' })?.reading).toBe('utc-start');
  });

  it('places a phone video of the real Road America session within a second, its creation time being UTC', () => {
    // The session's first fix (the trimmed file's first row) and a phone that started 20.4 s later; mvhd keeps seconds.
    const start = Date.UTC(2025, 7, 1, 19, 45, 23, 680);
    const createdMs = Math.floor((start + 20_400) / 1000) * 1000;
    const guess = guessFromCreationTime({ createdMs, durationS: 60, sessionStartMs: start, sessionDurationMs: 165_000, timeZone: 'America/Chicago' });
    expect(guess?.reading).toBe('utc-start');
    expect(Math.abs(guess!.sync.offsetMs - 20_400)).toBeLessThan(1000);
    // A GoPro there writes 14:45:44 (CDT) as if UTC.
    const local = guessFromCreationTime({ createdMs: createdMs - 5 * 3_600_000, durationS: 60, sessionStartMs: start, sessionDurationMs: 165_000, timeZone: 'America/Chicago', clock: 'local' });
    expect(local?.reading).toBe('local-start');
    expect(Math.abs(local!.sync.offsetMs - 20_400)).toBeLessThan(1000);
  });

  it('finds nothing for a video of another day', () => {
    expect(guessFromCreationTime({ ...base, createdMs: sessionStartMs - 86_400_000, utcOffsetMin: 60 })).toBeNull();
    expect(guessFromCreationTime({ ...base, createdMs: NaN })).toBeNull();
  });
});

describe('a video placed by its creation time on real logs (their stored start being the first fix’s UTC instant)', () => {
  const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
  const cases = [
    { file: 'roadamerica-vbox-hd2-25hz-gps.vbo', zone: 'America/Chicago' },
    { file: 'rustavi-dragy-25hz-gps.vbo', zone: 'Asia/Tbilisi' },
    { file: 'tianma-racechrono-lap9-v3.csv', zone: 'Asia/Shanghai' },
    { file: 'tianma-racechrono-lap13-v3.csv', zone: 'Asia/Shanghai' },
  ];
  for (const { file, zone } of cases)
    it(`places a phone's UTC and a GoPro's wall-clock creation time within a second on ${file}`, async () => {
      const prepared = await prepareImport({ fileName: file, source: bytesSource(new Uint8Array(readFileSync(new URL(file, FIXTURES)))), circuits: [] });
      const positions = parsePositionsText(new TextDecoder().decode(prepared.nmeaBytes)).positions;
      expect(prepared.dateAccuracyMs).toBe(0);
      expect(prepared.timeZone).toBe(zone);
      const start = Date.parse(prepared.date);
      const sessionDurationMs = positions.timeMs[positions.count - 1];
      // The camera started 20.4 s after the first fix; a file keeps whole seconds.
      const truthMs = 20_400;
      const utc = Math.floor((start + truthMs) / 1000) * 1000;
      const wall = utc + zoneOffsetMinutes(start + truthMs, zone)! * 60_000;
      const phone = guessFromCreationTime({ createdMs: utc, durationS: 60, sessionStartMs: start, sessionDurationMs, timeZone: prepared.timeZone });
      const gopro = guessFromCreationTime({ createdMs: wall, durationS: 60, sessionStartMs: start, sessionDurationMs, timeZone: prepared.timeZone, clock: 'local' });
      expect(phone?.reading).toBe('utc-start');
      expect(gopro?.reading).toBe('local-start');
      // Within a second: before, the stored start was the track's wall clock to the minute (33.7 s off at Road America).
      expect(Math.abs(phone!.sync.offsetMs - truthMs)).toBeLessThan(1000);
      expect(Math.abs(gopro!.sync.offsetMs - truthMs)).toBeLessThan(1000);
    });
});

import { describe, expect, it } from 'vitest';
import { guessFromCreationTime } from '../../../../src/domain/video/creation-time-guess';

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

  it('finds nothing for a video of another day', () => {
    expect(guessFromCreationTime({ ...base, createdMs: sessionStartMs - 86_400_000, utcOffsetMin: 60 })).toBeNull();
    expect(guessFromCreationTime({ ...base, createdMs: NaN })).toBeNull();
  });
});

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

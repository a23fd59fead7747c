import { describe, expect, it } from 'vitest';
import { hasZone, instantToWallClock, wallClockToInstant, zoneOffsetMinutes } from '../../../../src/domain/value-format/wall-clock';

describe('wall-clock times and instants', () => {
  it("reads a zone-less wall-clock time in the given zone, summer and winter time alike", () => {
    expect(wallClockToInstant('2026-07-12T10:30:00', 'Europe/Lisbon')).toBe('2026-07-12T09:30:00.000Z');
    expect(wallClockToInstant('2026-01-12T10:30:00', 'Europe/Lisbon')).toBe('2026-01-12T10:30:00.000Z');
    expect(wallClockToInstant('2026-01-17T10:31', 'Asia/Tbilisi')).toBe('2026-01-17T06:31:00.000Z');
    expect(wallClockToInstant('2026-05-02T14:05:09.25', 'America/Sao_Paulo')).toBe('2026-05-02T17:05:09.250Z');
  });

  it('finds the right offset on the day the clocks change', () => {
    // Lisbon moved from UTC+0 to UTC+1 at 01:00 UTC on 29 March 2026, and back at 01:00 UTC on 25 October 2026.
    expect(wallClockToInstant('2026-03-29T03:00:00', 'Europe/Lisbon')).toBe('2026-03-29T02:00:00.000Z');
    expect(wallClockToInstant('2026-03-29T00:30:00', 'Europe/Lisbon')).toBe('2026-03-29T00:30:00.000Z');
    expect(wallClockToInstant('2026-10-25T03:00:00', 'Europe/Lisbon')).toBe('2026-10-25T03:00:00.000Z');
  });

  it("falls back to this runtime's zone when the zone is missing or unknown", () => {
    const local = new Date(2026, 3, 12, 10, 30).toISOString();
    expect(wallClockToInstant('2026-04-12T10:30:00')).toBe(local);
    expect(wallClockToInstant('2026-04-12T10:30:00', null)).toBe(local);
    expect(wallClockToInstant('2026-04-12T10:30:00', 'Not/AZone')).toBe(local);
  });

  it('keeps texts that already name their zone as the same instant, and leaves what is not a date-time alone', () => {
    expect(wallClockToInstant('2026-07-12T10:30:00+01:00', 'Asia/Tbilisi')).toBe('2026-07-12T09:30:00.000Z');
    expect(wallClockToInstant('2026-07-12T09:30:00.000Z')).toBe('2026-07-12T09:30:00.000Z');
    expect(wallClockToInstant('yesterday', 'Europe/Lisbon')).toBe('yesterday');
    expect(hasZone('2026-07-12T10:30:00Z')).toBe(true);
    expect(hasZone('2026-07-12T10:30:00-0300')).toBe(true);
    expect(hasZone('2026-07-12T10:30:00')).toBe(false);
  });

  it('gives the zone offset in minutes east of UTC, or null for an unknown zone', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'Europe/Lisbon')).toBe(60);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'America/Sao_Paulo')).toBe(-180);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'Not/AZone')).toBeNull();
    expect(zoneOffsetMinutes(NaN, 'Europe/Lisbon')).toBeNull();
  });

  it('gives back the wall-clock time of an instant in a zone, the inverse of wallClockToInstant', () => {
    expect(instantToWallClock('2026-07-12T09:30:00.000Z', 'Europe/Lisbon')).toBe('2026-07-12T10:30:00');
    expect(instantToWallClock('2026-05-02T04:10:00.000Z', 'America/Los_Angeles')).toBe('2026-05-01T21:10:00');
    const local = new Date(2026, 3, 12, 10, 30);
    expect(instantToWallClock(local.toISOString())).toBe('2026-04-12T10:30:00');
    expect(instantToWallClock(local.toISOString(), 'Not/AZone')).toBe('2026-04-12T10:30:00');
    expect(instantToWallClock('2026-04-12T10:30:00', 'Asia/Tbilisi')).toBe('2026-04-12T10:30:00');
    expect(instantToWallClock('nonsense')).toBe('nonsense');
    for (const zone of ['Europe/Lisbon', 'Asia/Tbilisi', 'America/Sao_Paulo']) {
      expect(instantToWallClock(wallClockToInstant('2026-03-29T14:05:00', zone), zone)).toBe('2026-03-29T14:05:00');
    }
  });
});

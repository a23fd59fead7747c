import { describe, expect, it } from 'vitest';
import { ecefToLla, GpsRecords, gpsToUtcMs, groundSpeed, repairClock } from '../../../../src/domain/file-formats/xrk-gps';

const WEEK_MS = 604_800_000;

/** One 56-byte GPS record: the logger's timecode, GPS week and time of week, a 3D fix at an ECEF position (cm). */
function record(timecode: number, week: number, towMs: number): Uint8Array {
  const b = new Uint8Array(56);
  const v = new DataView(b.buffer);
  v.setInt32(0, timecode, true);
  v.setUint32(4, towMs, true);
  v.setUint16(12, week, true);
  b[14] = 3;
  v.setInt32(16, 479_000_000, true);
  v.setInt32(20, -70_000_000, true);
  v.setInt32(24, 420_000_000, true);
  return b;
}

describe('XRK GPS records', () => {
  it('turns GPS time into UTC with the leap seconds of its date (GPS week 2000 began 18 s before UTC midnight)', () => {
    expect(new Date(gpsToUtcMs(2000 * WEEK_MS)).toISOString()).toBe('2018-05-05T23:59:42.000Z');
    // Before 2017 it was 17 s: GPS week 1890 began on 2016-03-27 (GPS), 2016-03-26T23:59:43Z.
    expect(new Date(gpsToUtcMs(1890 * WEEK_MS)).toISOString()).toBe('2016-03-26T23:59:43.000Z');
  });

  it('converts ECEF to latitude, longitude and height (the equator, a pole, Braga)', () => {
    const equator = ecefToLla(6378137, 0, 0);
    expect(equator.lat).toBeCloseTo(0, 9);
    expect(equator.lon).toBeCloseTo(0, 9);
    expect(equator.alt).toBeCloseTo(0, 3);
    const pole = ecefToLla(0, 0, 6356752.314245 + 100);
    expect(pole.lat).toBeCloseTo(90, 9);
    expect(pole.alt).toBeCloseTo(100, 3);
    // Braga, 41.5608 N 8.3975 W, 190 m: ECEF from the textbook formula written here.
    const a = 6378137;
    const e2 = 6.69437999014e-3;
    const phi = (41.5608 * Math.PI) / 180;
    const lam = (-8.3975 * Math.PI) / 180;
    const n = a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
    const braga = ecefToLla((n + 190) * Math.cos(phi) * Math.cos(lam), (n + 190) * Math.cos(phi) * Math.sin(lam), (n * (1 - e2) + 190) * Math.sin(phi));
    expect(braga.lat).toBeCloseTo(41.5608, 9);
    expect(braga.lon).toBeCloseTo(-8.3975, 9);
    expect(braga.alt).toBeCloseTo(190, 3);
  });

  it('takes the ground speed from the east and north parts of the ECEF velocity, leaving out the vertical', () => {
    // At 0 N 0 E: ECEF x is up, y east, z north.
    expect(groundSpeed(500, 300, 400, 0, 0)).toBeCloseTo(500, 9);
  });

  it("repairs a logger timecode whose upper 16 bits went wrong (a jump back of 65,536 ms) from the GPS time", () => {
    const records = new GpsRecords();
    const week = 2400;
    for (let i = 0; i < 10; i++) {
      const tc = 100_000 + 50 * i - (i >= 6 ? 65_536 : 0);
      expect(records.add(record(tc, week, 3_000_000 + 50 * i))).toBe(true);
    }
    const clock = repairClock(records, Int32Array.from({ length: 10 }, (_, i) => i));
    expect(clock.faults).toBe(1);
    expect(Array.from(clock.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Array.from(clock.timeMs)).toEqual(Array.from({ length: 10 }, (_, i) => 100_000 + 50 * i));
  });

  it('refuses a GPS message whose length is not a whole number of records', () => {
    const records = new GpsRecords();
    expect(records.add(new Uint8Array(57))).toBe(false);
    expect(records.count).toBe(0);
  });
});

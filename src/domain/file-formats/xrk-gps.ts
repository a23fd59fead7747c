/**
 * The GPS of an AiM XRK: each fix is a 56-byte record, the logger's timecode (ms) followed by the u-blox NAV-SOL
 * solution as the receiver gave it (GPS time of week and week number, fix type, position and velocity in ECEF
 * centimetres). Layout, the ECEF to latitude/longitude conversion (Vermeille, 2004) and the loggers' clock faults
 * follow the MIT-licensed libxrk (m3rlin45/libxrk: payloads/gps.rs, gps/processing.rs, gps/utils.rs); see NOTICE.
 *
 *   [0:4] timecode i32 ms   [4:8] iTOW u32 ms   [8:12] fTOW i32 ns   [12:14] week u16   [14] fix type
 *   [15] flags   [16:28] ECEF X, Y, Z i32 cm   [28:32] position accuracy   [32:44] ECEF velocity i32 cm/s
 *   [44:48] speed accuracy   [48:50] pDOP   [51] satellites
 */

const GPS_RECORD_BYTES = 56;

/** GPS time 0 (1980-01-06T00:00:00Z), epoch ms. */
const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** GPS weeks before 2006 or after 2060 are no week a logger wrote (an unset field, or damage). */
const MIN_WEEK = 1356;
const MAX_WEEK = 4200;

/**
 * GPS time runs ahead of UTC by the leap seconds since 1980: [UTC instant from which it applies, seconds]. None has
 * been added since 2017 and none is announced (they are to stop by 2035); a new one would need a row here.
 */
const LEAP_SECONDS: readonly (readonly [number, number])[] = [
  [Date.UTC(1981, 6, 1), 1],
  [Date.UTC(1982, 6, 1), 2],
  [Date.UTC(1983, 6, 1), 3],
  [Date.UTC(1985, 6, 1), 4],
  [Date.UTC(1988, 0, 1), 5],
  [Date.UTC(1990, 0, 1), 6],
  [Date.UTC(1991, 0, 1), 7],
  [Date.UTC(1992, 6, 1), 8],
  [Date.UTC(1993, 6, 1), 9],
  [Date.UTC(1994, 6, 1), 10],
  [Date.UTC(1996, 0, 1), 11],
  [Date.UTC(1997, 6, 1), 12],
  [Date.UTC(1999, 0, 1), 13],
  [Date.UTC(2006, 0, 1), 14],
  [Date.UTC(2009, 0, 1), 15],
  [Date.UTC(2012, 6, 1), 16],
  [Date.UTC(2015, 6, 1), 17],
  [Date.UTC(2017, 0, 1), 18],
];

/** The UTC instant (epoch ms) of a GPS time given as ms since the GPS epoch. */
export function gpsToUtcMs(gpsMs: number): number {
  const asIfUtc = GPS_EPOCH_MS + gpsMs;
  let leap = 0;
  for (const [from, seconds] of LEAP_SECONDS) if (asIfUtc - seconds * 1000 >= from) leap = seconds;
  return asIfUtc - leap * 1000;
}

/** WGS 84 semi-major axis, metres, and first eccentricity. */
const A = 6378137;
const E = 8.181919084261345e-2;
const E2 = E * E;
const E4 = E2 * E2;

/** Latitude and longitude (degrees) and height (metres) of an ECEF position in metres (Vermeille, 2004: exact, no iteration). */
export function ecefToLla(x: number, y: number, z: number): { lat: number; lon: number; alt: number } {
  const p = (x * x + y * y) / (A * A);
  const q = ((1 - E2) / (A * A)) * z * z;
  const r = (p + q - E4) / 6;
  const s = (E4 * p * q) / (4 * r * r * r);
  const t = Math.cbrt(1 + s + Math.sqrt(s * (2 + s)));
  const u0 = r * (1 + t + 1 / t);
  const v = Math.sqrt(u0 * u0 + E4 * q);
  const u = u0 + v;
  const w = (E2 * (u - q)) / (2 * v);
  const k = Math.sqrt(u + w * w) - w;
  const d = (k * Math.hypot(x, y)) / (k + E2);
  const dz = Math.hypot(d, z);
  return {
    lat: (360 / Math.PI) * Math.atan2(z, d + dz),
    lon: (180 / Math.PI) * Math.atan2(y, x),
    alt: ((k + E2 - 1) / k) * dz,
  };
}

/** Ground speed (the east and north parts of an ECEF velocity at a latitude/longitude in degrees), same unit. */
export function groundSpeed(vx: number, vy: number, vz: number, lat: number, lon: number): number {
  const la = (lat * Math.PI) / 180;
  const lo = (lon * Math.PI) / 180;
  const east = -Math.sin(lo) * vx + Math.cos(lo) * vy;
  const north = -Math.sin(la) * Math.cos(lo) * vx - Math.sin(la) * Math.sin(lo) * vy + Math.cos(la) * vz;
  return Math.hypot(east, north);
}

/** The GPS records of a file as columns, growing as messages come. */
export class GpsRecords {
  count = 0;
  /** Logger timecode, ms. */
  timecode = new Float64Array(1024);
  /** GPS time of the fix, ms since the GPS epoch; NaN when the receiver had no week or time yet. */
  gpsMs = new Float64Array(1024);
  fix = new Uint8Array(1024);
  /** ECEF position, m, and velocity, cm/s (x, y, z interleaved). */
  position = new Float64Array(3 * 1024);
  velocity = new Float64Array(3 * 1024);

  /** Adds the records of one GPS message (whole records only; returns false when the length is not a multiple of 56). */
  add(payload: Uint8Array): boolean {
    if (payload.length % GPS_RECORD_BYTES !== 0) return false;
    const v = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    for (let at = 0; at < payload.length; at += GPS_RECORD_BYTES) {
      if (this.count === this.timecode.length) this.grow();
      const i = this.count++;
      this.timecode[i] = v.getInt32(at, true);
      const week = v.getUint16(at + 12, true);
      const itow = v.getUint32(at + 4, true);
      this.gpsMs[i] = week >= MIN_WEEK && week <= MAX_WEEK && itow < WEEK_MS ? week * WEEK_MS + itow + v.getInt32(at + 8, true) / 1e6 : NaN;
      this.fix[i] = payload[at + 14];
      for (let c = 0; c < 3; c++) {
        this.position[3 * i + c] = v.getInt32(at + 16 + 4 * c, true) / 100;
        this.velocity[3 * i + c] = v.getInt32(at + 32 + 4 * c, true);
      }
    }
    return true;
  }

  private grow(): void {
    const n = 2 * this.timecode.length;
    const grown = <T extends Float64Array | Uint8Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (size: number) => T)(size);
      b.set(a);
      return b;
    };
    this.timecode = grown(this.timecode, n);
    this.gpsMs = grown(this.gpsMs, n);
    this.fix = grown(this.fix, n);
    this.position = grown(this.position, 3 * n);
    this.velocity = grown(this.velocity, 3 * n);
  }
}

/** A step of the logger's clock that disagrees with the receiver's by more than this is a fault of the logger, ms. */
const CLOCK_FAULT_MS = 1000;

export interface RepairedClock {
  /** Logger time of each record, ms (by record index; only the records given are set). */
  timeMs: Float64Array;
  /** The records given, in time order, each GPS epoch once. */
  order: Int32Array;
  /** Jumps of the logger's timecode that the GPS time shows to be faults (repaired). */
  faults: number;
  /** Records of an epoch already given (some Solo 2 firmware writes each one twice), left out. */
  repeats: number;
}

/**
 * The logger's times of the records (`candidates`, indices in file order), its clock's faults repaired against
 * the receiver's, which the firmware cannot touch. Some loggers corrupt the upper 16 bits of the timecode (time
 * jumps back, or 65,533 ms ahead); libxrk repairs those from the low bits and GNFI messages. Here every step of
 * the timecode is checked against the step of the GPS time: a disagreement beyond CLOCK_FAULT_MS is a fault, and
 * the records after it are moved back in line. The logger's clock is kept otherwise (its laps are timed on it,
 * and it drifts from GPS time by tens of ms an hour). The records are then put in GPS time order when each has
 * one (jitter at a logger's buffer seams reorders them), else in logger time order, each epoch once.
 */
export function repairClock(records: GpsRecords, candidates: Int32Array): RepairedClock {
  const timeMs = new Float64Array(records.count).fill(NaN);
  const gps = records.gpsMs;
  let correction = 0;
  let faults = 0;
  let previous = -1;
  for (const i of candidates) {
    timeMs[i] = records.timecode[i] + correction;
    if (!Number.isFinite(gps[i])) continue;
    if (previous >= 0) {
      const excess = timeMs[i] - timeMs[previous] - (gps[i] - gps[previous]);
      if (Math.abs(excess) > CLOCK_FAULT_MS) {
        correction -= excess;
        timeMs[i] -= excess;
        faults++;
      }
    }
    previous = i;
  }
  const byGps = candidates.every((i) => Number.isFinite(gps[i]));
  const key = byGps ? gps : timeMs;
  const sorted = Array.from(candidates).sort((a, b) => key[a] - key[b] || a - b);
  const order: number[] = [];
  let repeats = 0;
  for (const i of sorted) {
    if (order.length > 0 && key[i] === key[order[order.length - 1]]) {
      repeats++;
      continue;
    }
    order.push(i);
  }
  return { timeMs, order: Int32Array.from(order), faults, repeats };
}

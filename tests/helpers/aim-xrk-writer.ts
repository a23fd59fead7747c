/**
 * A test-only writer of AiM XRK and XRZ files, from the format as the MIT-licensed libxrk (m3rlin45/libxrk,
 * from racer-coder/TrackDataAnalysis) reads it, written independently of our reader: its own ECEF conversion, its
 * own GPS time, its own framing. It writes every message kind the reader meets in a logger's file: the
 * configuration (CNF holding CHS channel and GRP group definitions, one CHS outside it), the four kinds of data
 * messages of the logger's channels ('(S', '(G', '(M', '(c'), GPS fixes (token 'GPS' or 'GPS1', 56-byte
 * u-blox NAV-SOL records behind the logger's timecode), LAP messages (20-byte v1 or 32-byte v2), the details (RCR
 * driver, VEH vehicle, TRK track, TMD/TMT date and time, VTY session, CMP series, NDV logger name, idn), and
 * messages the reader does not use (GNFI, ODO, ENF, an unknown token). Faults real loggers write can be put in:
 * a timecode jump, each epoch twice, garbage between messages.
 */
import { deflateSync } from 'node:zlib';

export interface XrkFixInput {
  /** Logger time since recording started, ms (an integer). */
  tMs: number;
  lat: number;
  lon: number;
  altM: number;
  /** Velocity east and north, m/s. */
  eastMs: number;
  northMs: number;
  /** u-blox fix type (3 unless given: a 3D fix). */
  fixType?: number;
}

export interface XrkLapInput {
  /** The logger's lap number (the out lap is the first, usually 0). */
  lapNumber: number;
  /** Logger time the lap ended, ms since recording started. */
  endMs: number;
  durationMs: number;
  /** 0 for a whole lap (other segments are parts of one). */
  segment?: number;
}

export interface XrkWriteInput {
  /** UTC instant of logger time 0 (when recording started), epoch ms; 2017 or later (18 leap seconds). */
  startUtcMs: number;
  fixes: readonly XrkFixInput[];
  laps: readonly XrkLapInput[];
  details?: { driver?: string; vehicle?: string; venue?: string; session?: string; series?: string; logger?: string; date?: string; time?: string };
  /** The logger's timecode at recording start, ms. */
  timecodeBaseMs?: number;
  /** LAP message layout: 1 (20 bytes, default) or 2 (32 bytes). */
  lapVersion?: 1 | 2;
  /** Leave out the logger's channel data messages (and their definitions). */
  withoutChannels?: boolean;
  /** GPS records without week and time of week (a receiver that never had GPS time). */
  withoutGpsTime?: boolean;
  /** From this logger time on, the GPS timecodes run `addMs` ahead (the upper-16-bit firmware fault). */
  timecodeFault?: { fromMs: number; addMs: number };
  /** Each GPS epoch written twice (the second 4 m away), as some Solo 2 firmware does. */
  repeatEpochs?: boolean;
  /** Bytes of garbage written after this many GPS messages. */
  garbage?: { afterFixes: number; bytes: Uint8Array };
}

const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
const WEEK_MS = 604_800_000;
const LEAP_MS_SINCE_2017 = 18_000;

/** The four bytes of a token: 3-letter ones padded with a space. */
function tokenBytes(token: string): number[] {
  const t = token.length === 3 ? `${token} ` : token;
  return [...t].map((c) => c.charCodeAt(0));
}

class Bytes {
  private parts: number[] = [];
  u8(v: number) {
    this.parts.push(v & 0xff);
    return this;
  }
  u16(v: number) {
    return this.u8(v).u8(v >>> 8);
  }
  u32(v: number) {
    return this.u16(v & 0xffff).u16(Math.floor(v / 65536) & 0xffff);
  }
  i32(v: number) {
    return this.u32(v >>> 0);
  }
  raw(b: ArrayLike<number>) {
    for (let i = 0; i < b.length; i++) this.parts.push(b[i] & 0xff);
    return this;
  }
  text(s: string, size: number) {
    for (let i = 0; i < size; i++) this.u8(i < s.length ? s.charCodeAt(i) : 0);
    return this;
  }
  get length() {
    return this.parts.length;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** A header message: '<h' token length version '>' payload '<' token bytesum '>'. */
export function headerMessage(token: string, payload: Uint8Array, version = 0): Uint8Array {
  let sum = 0;
  for (const b of payload) sum = (sum + b) & 0xffff;
  return new Bytes().raw([0x3c, 0x68]).raw(tokenBytes(token)).i32(payload.length).u8(version).u8(0x3e).raw(payload).u8(0x3c).raw(tokenBytes(token)).u16(sum).u8(0x3e).bytes();
}

const text0 = (s: string) => new Bytes().text(s, s.length + 1).bytes();

/** A channel definition (112 bytes). */
function chs(index: number, name: string, sampleBytes: number, periodUs: number): Uint8Array {
  const b = new Bytes().u16(index).raw(new Uint8Array(10)).u8(15).raw(new Uint8Array(7)).u8(0).raw(new Uint8Array(3));
  b.text(name.slice(0, 8), 8).text(name, 24).raw(new Uint8Array(8)).u32(periodUs).u16(0).raw(new Uint8Array(2)).u8(sampleBytes);
  return b.raw(new Uint8Array(112 - b.length)).bytes();
}

/** WGS 84 position to ECEF metres (written here again, apart from the reader's). */
function ecef(lat: number, lon: number, alt: number): [number, number, number] {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const phi = (lat * Math.PI) / 180;
  const lam = (lon * Math.PI) / 180;
  const n = a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
  return [(n + alt) * Math.cos(phi) * Math.cos(lam), (n + alt) * Math.cos(phi) * Math.sin(lam), (n * (1 - e2) + alt) * Math.sin(phi)];
}

function gpsRecord(input: XrkWriteInput, fix: XrkFixInput, timecode: number, nudgeM = 0): Uint8Array {
  const gpsMs = input.startUtcMs + fix.tMs + LEAP_MS_SINCE_2017 - GPS_EPOCH_MS;
  const week = input.withoutGpsTime ? 0 : Math.floor(gpsMs / WEEK_MS);
  const tow = input.withoutGpsTime ? 0 : gpsMs - week * WEEK_MS;
  const [x, y, z] = ecef(fix.lat, fix.lon + nudgeM / 80_000, fix.altM);
  const phi = (fix.lat * Math.PI) / 180;
  const lam = (fix.lon * Math.PI) / 180;
  const v = [
    -Math.sin(lam) * fix.eastMs - Math.sin(phi) * Math.cos(lam) * fix.northMs,
    Math.cos(lam) * fix.eastMs - Math.sin(phi) * Math.sin(lam) * fix.northMs,
    Math.cos(phi) * fix.northMs,
  ];
  const b = new Bytes().i32(timecode).u32(Math.floor(tow)).i32(Math.round((tow - Math.floor(tow)) * 1e6)).u16(week).u8(fix.fixType ?? 3).u8(0x0d);
  b.i32(Math.round(x * 100)).i32(Math.round(y * 100)).i32(Math.round(z * 100)).u32(150);
  b.i32(Math.round(v[0] * 100)).i32(Math.round(v[1] * 100)).i32(Math.round(v[2] * 100)).u32(40).u16(120).u8(0).u8(11).u32(0);
  return b.bytes();
}

function lapMessage(lap: XrkLapInput, timecodeBase: number, version: 1 | 2): Uint8Array {
  const end = timecodeBase + lap.endMs;
  const b = new Bytes().u8(0).u8(lap.segment ?? 0).u16(lap.lapNumber).u32(lap.durationMs).raw(new Uint8Array(8));
  if (version === 1) return b.u32(end).bytes();
  return b.u32(lap.durationMs).raw(new Uint8Array(8)).u32(end).bytes();
}

/** The logger's channels: RPM by (S, in a group with two accelerations by (G, water temperature by (M, an expansion's EGT by (c. */
const RPM = 0;
const LAT_G = 1;
const LON_G = 2;
const WATER = 3;
const EGT = 9;
const GROUP = 0;

function configuration(): Uint8Array {
  const parts = [chs(RPM, 'RPM', 4, 0), chs(LAT_G, 'LateralAcc', 2, 0), chs(LON_G, 'InlineAcc', 2, 0), chs(WATER, 'Water Temp', 2, 40_000)].map((p) => headerMessage('CHS', p, 1));
  parts.push(headerMessage('GRP', new Bytes().u16(GROUP).u16(2).u16(LAT_G).u16(LON_G).bytes()));
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The channel data messages due at logger time t (ms, on a 10 ms tick). RPM values hold '<h' and '(' bytes on purpose. */
function channelMessages(t: number, timecode: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (t % 100 === 0) out.push(new Bytes().raw([0x28, 0x53]).i32(timecode).u16(RPM).raw([0x3c, 0x68, 0x28, 0x4d]).u8(0x29).bytes());
  if (t % 50 === 0) out.push(new Bytes().raw([0x28, 0x47]).i32(timecode).u16(GROUP).u16(t & 0xffff).u16(0x293c).u8(0x29).bytes());
  if (t % 200 === 0) {
    const m = new Bytes().raw([0x28, 0x4d]).i32(timecode).u16(WATER).u16(5);
    for (let k = 0; k < 5; k++) m.u16(7000 + k);
    out.push(m.u8(0x29).bytes());
  }
  if (t % 500 === 0) out.push(new Bytes().raw([0x28, 0x63, 0]).u16((EGT << 3) | 4).u8(0x84).u8(6).i32(timecode).i32(650).u8(0x29).bytes());
  return out;
}

/** The messages the reader does not use, written now and then. */
function unusedMessages(t: number, timecode: number): Uint8Array[] {
  if (t % 1000 !== 0) return [];
  return [headerMessage('GNFI', new Bytes().i32(timecode).raw(new Uint8Array(28)).bytes()), headerMessage('ZQX', Uint8Array.from([1, 2, 3, 0x3c, 0x68]))];
}

/** The file's messages in the order a logger writes them (configuration, then everything as time passes, details). */
export function writeXrk(input: XrkWriteInput): Uint8Array<ArrayBuffer> {
  const base = input.timecodeBaseMs ?? 5_000;
  const version = input.lapVersion ?? 1;
  const details = input.details ?? {};
  const parts: Uint8Array[] = [];
  if (!input.withoutChannels) {
    parts.push(headerMessage('CNF', configuration()));
    parts.push(headerMessage('CHS', chs(EGT, 'EGT', 4, 0), 1));
  }
  parts.push(headerMessage('TMD', text0(details.date ?? '')), headerMessage('TMT', text0(details.time ?? '')));
  const endMs = input.fixes.length > 0 ? input.fixes[input.fixes.length - 1].tMs : 0;
  let nextFix = 0;
  let nextLap = 0;
  const laps = [...input.laps].sort((a, b) => a.endMs - b.endMs);
  for (let t = 0; t <= endMs; t += 10) {
    const timecode = base + t;
    if (!input.withoutChannels) parts.push(...channelMessages(t, timecode));
    parts.push(...unusedMessages(t, timecode));
    for (; nextFix < input.fixes.length && input.fixes[nextFix].tMs <= t; nextFix++) {
      const fix = input.fixes[nextFix];
      const fault = input.timecodeFault && fix.tMs >= input.timecodeFault.fromMs ? input.timecodeFault.addMs : 0;
      const tc = base + fix.tMs + fault;
      parts.push(headerMessage(nextFix % 7 === 3 ? 'GPS1' : 'GPS', gpsRecord(input, fix, tc)));
      if (input.repeatEpochs) parts.push(headerMessage('GPS', gpsRecord(input, fix, tc + 2, 4)));
      if (input.garbage && nextFix + 1 === input.garbage.afterFixes) parts.push(input.garbage.bytes);
    }
    for (; nextLap < laps.length && laps[nextLap].endMs <= t; nextLap++) parts.push(headerMessage('LAP', lapMessage(laps[nextLap], base, version), version));
  }
  for (; nextLap < laps.length; nextLap++) parts.push(headerMessage('LAP', lapMessage(laps[nextLap], base, version), version));
  const venue = new Bytes().text(details.venue ?? '', 32).u32(0).i32(0).i32(0).bytes();
  parts.push(headerMessage('TRK', venue));
  for (const [token, value] of [['RCR', details.driver], ['VEH', details.vehicle], ['VTY', details.session], ['CMP', details.series], ['NDV', details.logger]] as const) {
    if (value !== undefined) parts.push(headerMessage(token, text0(value)));
  }
  parts.push(headerMessage('idn', new Bytes().u16(793).raw(new Uint8Array(4)).u32(6603435).raw(new Uint8Array(46)).bytes()));
  parts.push(headerMessage('ODO', new Bytes().text('System', 16).u32(3600).u32(165858).raw(new Uint8Array(40)).bytes()));
  parts.push(headerMessage('ENF', headerMessage('DBUN', text0('EXP1'))));
  return concat(parts);
}

/** The same file zlib-compressed, as an XRZ. */
export function writeXrz(input: XrkWriteInput): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(deflateSync(writeXrk(input)));
}

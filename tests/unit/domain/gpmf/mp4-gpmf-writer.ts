/**
 * Writes GoPro-like MP4s for tests and benches: a metadata track (sample entry 'gpmd', handler 'meta', one GPMF
 * payload per sample) as ISO/IEC 14496-12 lays out a track, either alone in a new file or added to an MP4 that
 * ffmpeg wrote (its index at the end: the new track goes into that index and its samples after it, so the video's
 * chunk offsets stay right). Also a camera's GPS track as GPMF payloads: one payload a second of 18 Hz GPS5 fixes
 * with the GPSU a GoPro writes.
 */
import { ascii, concat, gpsPayload } from './gpmf-writer';

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts);
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(ascii(type), 4);
  out.set(body, 8);
  return out;
}

function u32(...values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((v, i) => view.setUint32(i * 4, v));
  return new Uint8Array(view.buffer);
}

function u16(...values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 2));
  values.forEach((v, i) => view.setUint16(i * 2, v));
  return new Uint8Array(view.buffer);
}

/** Full box: version 0, flags. */
const full = (type: string, flags: number, ...parts: Uint8Array[]) => box(type, u32(flags), ...parts);

const UNITY_MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
/** Seconds from 1904-01-01 (the MP4 epoch) to 1970-01-01. */
const MP4_EPOCH_S = 2_082_844_800;

interface GpmdTrack {
  trackId: number;
  /** Sample duration in the track's timescale (1000: milliseconds). */
  sampleMs: number[];
  sizes: number[];
  /** Absolute file offset of each sample. */
  offsets: number[];
}

function gpmdTrak(t: GpmdTrack): Uint8Array {
  const durationMs = t.sampleMs.reduce((a, b) => a + b, 0);
  const tkhd = full('tkhd', 3, u32(0, 0, t.trackId, 0, durationMs, 0, 0), u16(0, 0, 0, 0), UNITY_MATRIX, u32(0, 0));
  const mdhd = full('mdhd', 0, u32(0, 0, 1000, durationMs), u16(0x55c4, 0));
  const hdlr = full('hdlr', 0, u32(0), ascii('meta'), u32(0, 0, 0), ascii('GoPro MET\0'));
  const stsd = full('stsd', 0, u32(1), box('gpmd', new Uint8Array(6), u16(1), u32(0)));
  const stts = full('stts', 0, u32(t.sampleMs.length), ...t.sampleMs.map((d) => u32(1, d)));
  const stsc = full('stsc', 0, u32(1, 1, 1, 1));
  const stsz = full('stsz', 0, u32(0, t.sizes.length, ...t.sizes));
  const stco = full('stco', 0, u32(t.offsets.length, ...t.offsets));
  const dinf = box('dinf', full('dref', 0, u32(1), full('url ', 1)));
  const minf = box('minf', full('nmhd', 0), dinf, box('stbl', stsd, stts, stsc, stsz, stco));
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

/** Top-level boxes of an MP4: [type, start, size]. */
function topBoxes(bytes: Uint8Array): [string, number, number][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: [string, number, number][] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = view.getUint32(at);
    if (size === 1) size = Number(view.getBigUint64(at + 8));
    if (size === 0) size = bytes.length - at;
    out.push([String.fromCharCode(...bytes.subarray(at + 4, at + 8)), at, size]);
    at += size;
  }
  return out;
}

/** The payloads' sample durations: one second each, the last what remains of the video. */
function sampleDurations(count: number, lastMs?: number): number[] {
  return Array.from({ length: count }, (_, i) => (i === count - 1 && lastMs !== undefined ? lastMs : 1000));
}

/**
 * `mp4` (as ffmpeg writes it without +faststart: moov after mdat) with a gpmd track of `payloads` added, one a
 * second from media time 0. `createdMs` rewrites the movie header's creation time when given; `gapBytes` puts
 * that many bytes before each payload (a real file has a second of video between two payloads).
 */
export function addGpmdTrack(mp4: Uint8Array, payloads: Uint8Array[], options: { createdMs?: number; gapBytes?: number } = {}): Uint8Array {
  const boxes = topBoxes(mp4);
  const moovIndex = boxes.findIndex(([type]) => type === 'moov');
  if (moovIndex < 0 || boxes.slice(moovIndex + 1).some(([type]) => type === 'mdat')) throw new Error('needs an MP4 with its moov after its media data (ffmpeg without +faststart)');
  const [, moovStart, moovSize] = boxes[moovIndex];
  const moov = mp4.slice(moovStart, moovStart + moovSize);
  const moovView = new DataView(moov.buffer);
  // mvhd is moov's first child: version 0 (32-bit times) as ffmpeg writes it, next_track_id is its last field.
  if (String.fromCharCode(...moov.subarray(12, 16)) !== 'mvhd' || moov[16] !== 0) throw new Error('expected a version 0 mvhd first in moov');
  const mvhdSize = moovView.getUint32(8);
  const trackId = moovView.getUint32(8 + mvhdSize - 4);
  moovView.setUint32(8 + mvhdSize - 4, trackId + 1);
  if (options.createdMs !== undefined) moovView.setUint32(20, Math.round(options.createdMs / 1000) + MP4_EPOCH_S);
  const sizes = payloads.map((p) => p.length);
  const draft = gpmdTrak({ trackId, sampleMs: sampleDurations(payloads.length), sizes, offsets: sizes.map(() => 0) });
  const newMoovSize = moov.length + draft.length;
  const mdatStart = moovStart + newMoovSize;
  const gap = new Uint8Array(options.gapBytes ?? 0);
  const offsets: number[] = [];
  let at = mdatStart + 8;
  for (const s of sizes) {
    at += gap.length;
    offsets.push(at);
    at += s;
  }
  const trak = gpmdTrak({ trackId, sampleMs: sampleDurations(payloads.length), sizes, offsets });
  const newMoov = concat([moov, trak]);
  new DataView(newMoov.buffer).setUint32(0, newMoov.length);
  return concat([mp4.subarray(0, moovStart), newMoov, box('mdat', ...payloads.flatMap((p) => [gap, p])), mp4.subarray(moovStart + moovSize)]);
}

/** An MP4 holding only a gpmd track of `payloads` (one a second): what the telemetry reader and the sync read. */
export function gpmdOnlyMp4(payloads: Uint8Array[], options: { createdMs?: number } = {}): Uint8Array {
  const durationMs = payloads.length * 1000;
  const created = options.createdMs === undefined ? 0 : Math.round(options.createdMs / 1000) + MP4_EPOCH_S;
  const ftyp = box('ftyp', ascii('mp41'), u32(0), ascii('mp41isom'));
  const mvhd = full('mvhd', 0, u32(created, created, 1000, durationMs, 0x10000), u16(0x100, 0), u32(0, 0), UNITY_MATRIX, u32(0, 0, 0, 0, 0, 0, 2));
  const sizes = payloads.map((p) => p.length);
  const moovSize = 8 + mvhd.length + gpmdTrak({ trackId: 1, sampleMs: sampleDurations(payloads.length), sizes, offsets: sizes.map(() => 0) }).length;
  const offsets: number[] = [];
  let at = ftyp.length + moovSize + 8;
  for (const s of sizes) {
    offsets.push(at);
    at += s;
  }
  return concat([ftyp, box('moov', mvhd, gpmdTrak({ trackId: 1, sampleMs: sampleDurations(payloads.length), sizes, offsets })), box('mdat', ...payloads)]);
}

/** 'yymmddhhmmss.sss' of an epoch ms, as GPSU writes it. */
function gpsuText(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
}

export interface CameraGpsOptions {
  /** Seconds of video (one payload a second). */
  seconds: number;
  /** GPS fixes a second (a MAX writes 18, a HERO 10). */
  hz?: number;
  /** The UTC a media time shows (what the camera's GPS receiver would stamp), epoch ms. */
  utcAt: (videoS: number) => number;
  /** The car's speed at a media time, km/h. */
  speedAt: (videoS: number) => number;
  /** Latitude and longitude at a media time (a fixed point when absent). */
  positionAt?: (videoS: number) => [number, number];
  /** Added to every GPSU (a camera's stale GPS time), ms. */
  gpsuErrorMs?: number;
}

/** A camera's GPS track as GPMF payloads, one a second: GPSU at each payload's first fix, then `hz` GPS5 fixes. */
export function cameraGpsPayloads(options: CameraGpsOptions): Uint8Array[] {
  const hz = options.hz ?? 18;
  const payloads: Uint8Array[] = [];
  for (let s = 0; s < options.seconds; s++) {
    const fixes: [number, number, number, number, number][] = [];
    for (let i = 0; i < hz; i++) {
      const v = s + i / hz;
      const [lat, lon] = options.positionAt?.(v) ?? [41.57, 44.95];
      const mps = options.speedAt(v) / 3.6;
      fixes.push([lat, lon, 500, mps, mps]);
    }
    payloads.push(gpsPayload(gpsuText(options.utcAt(s) + (options.gpsuErrorMs ?? 0)), 3, fixes));
  }
  return payloads;
}

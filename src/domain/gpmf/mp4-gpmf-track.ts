/**
 * The GoPro metadata track of an MP4 (sample entry 'gpmd'): its samples' places in the file and their media
 * times, read with mp4box (the MP4 index: moov, trak, stbl), then each sample's bytes read from the source. Only
 * the boxes mp4box asks for are read, so a multi-gigabyte video costs its index plus the telemetry.
 */
import type { ByteSource } from '../file-reading/byte-source';
import { readMp4Index, type Mp4Index } from '../file-reading/mp4-index';

export type Mp4TelemetryErrorCode =
  /** Not an MP4/QuickTime file, or its index (moov) is missing or cut short. */
  | 'not-mp4'
  /** A readable MP4 without a GoPro metadata track. */
  | 'no-gpmf-track';

export class Mp4TelemetryError extends Error {
  readonly code: Mp4TelemetryErrorCode;
  constructor(code: Mp4TelemetryErrorCode, message: string) {
    super(message);
    this.name = 'Mp4TelemetryError';
    this.code = code;
  }
}

/** One metadata sample (one GPMF payload): where it lies and when it plays. */
interface GpmfSampleRef {
  offset: number;
  size: number;
  /** Media time of the sample's start, seconds from the start of the track. */
  timeS: number;
  durationS: number;
}

export interface GpmfSampleTable {
  trackId: number;
  samples: GpmfSampleRef[];
  /** The movie header's creation time (cameras write local time here, so only a rough hint); null when 0. */
  createdAt: Date | null;
  /** Movie duration, seconds. */
  durationS: number;
}

/** One GPMF payload with its media time. */
export interface GpmfPayload {
  bytes: Uint8Array;
  timeS: number;
  durationS: number;
}

/** The 'gpmd' track's sample table. Throws Mp4TelemetryError when there is none to be had. */
export async function readGpmfSampleTable(source: ByteSource): Promise<GpmfSampleTable> {
  let index: Mp4Index | null;
  try {
    index = await readMp4Index(source);
  } catch (error) {
    throw new Mp4TelemetryError('not-mp4', `Not a readable MP4 file (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (index === null) throw new Mp4TelemetryError('not-mp4', 'Not an MP4 file, or its index (moov box) is missing or cut short.');
  const info = index.movie;
  const track = info.tracks.find((t) => t.codec.startsWith('gpmd'));
  if (!track) throw new Mp4TelemetryError('no-gpmf-track', 'The video has no GoPro metadata (GPMF) track.');
  const samples = index.file.getTrackSamplesInfo(track.id).map((s) => ({
    offset: s.offset,
    size: s.size,
    timeS: s.cts / s.timescale,
    durationS: s.duration / s.timescale,
  }));
  const created = info.created instanceof Date && info.created.getTime() > Date.UTC(1904, 0, 2) ? info.created : null;
  return { trackId: track.id, samples, createdAt: created, durationS: info.timescale > 0 ? info.duration / info.timescale : NaN };
}

/** Reads in flight at once: each Blob read waits on the browser's blob store, so they overlap rather than queue. */
const READS_IN_FLIGHT = 32;
/** Samples closer than this in the file are read in one go (the bytes between are cheaper than another read). */
const MERGE_GAP_BYTES = 16 * 1024;
/** The most one merged read covers. */
const MERGED_READ_BYTES = 1 << 20;

/**
 * Each sample's bytes. A sample that lies (partly) past the end of the source is left out and counted in
 * `missing` (a copy cut short keeps the payloads it still has). Neighbouring samples are read together and up to
 * READS_IN_FLIGHT reads overlap: a 30-minute video has 1,800 payloads, one a second, and a read of a picked file
 * costs a round trip whatever its size.
 */
export async function readGpmfPayloads(source: ByteSource, table: GpmfSampleTable): Promise<{ payloads: GpmfPayload[]; missing: number }> {
  let missing = 0;
  const present = table.samples.filter((s) => {
    const inside = s.offset + s.size <= source.size;
    if (!inside) missing++;
    return inside;
  });
  // Runs of samples in file order read as one range each.
  const order = present.map((_, i) => i).sort((a, b) => present[a].offset - present[b].offset);
  const ranges: { start: number; end: number; members: number[] }[] = [];
  for (const i of order) {
    const s = present[i];
    const last = ranges[ranges.length - 1];
    if (last && s.offset >= last.end && s.offset - last.end <= MERGE_GAP_BYTES && s.offset + s.size - last.start <= MERGED_READ_BYTES) {
      last.end = s.offset + s.size;
      last.members.push(i);
    } else ranges.push({ start: s.offset, end: s.offset + s.size, members: [i] });
  }
  const bytesOf: (Uint8Array | null)[] = new Array<Uint8Array | null>(present.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < ranges.length) {
      const range = ranges[next++];
      const bytes = await source.read(range.start, range.end - range.start);
      for (const i of range.members) {
        const s = present[i];
        const from = s.offset - range.start;
        bytesOf[i] = from + s.size <= bytes.length ? bytes.subarray(from, from + s.size) : null;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, ranges.length) }, worker));
  const payloads: GpmfPayload[] = [];
  present.forEach((s, i) => {
    const bytes = bytesOf[i];
    if (bytes === null) missing++;
    else payloads.push({ bytes, timeS: s.timeS, durationS: s.durationS });
  });
  return { payloads, missing };
}

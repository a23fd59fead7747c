/**
 * The stored video's tracks as the export needs them, from its MP4 index (mp4box; only the moov box is read): the
 * video track's decoder configuration and samples, the first audio track's samples and AAC configuration (copied
 * across untouched), each sample's presentation time in the player's media time (the edit list's media time
 * subtracted, as a <video> element does), and a reader of samples' bytes that slices the file a window at a time,
 * so a 4 GB file is read in a few MB steps, never whole.
 */
import { DataStream, Endianness, type Sample } from 'mp4box';
import { blobSource } from '../domain/file-reading/byte-source';
import { readMp4Index } from '../domain/file-reading/mp4-index';
import { ExportError } from './export/export-error';

/** One sample: where its bytes are and when it is shown (microseconds of media time). */
export interface SourceSample {
  offset: number;
  size: number;
  key: boolean;
  timestampUs: number;
  durationUs: number;
}

export interface SourceTracks {
  video: { config: VideoDecoderConfig; samples: SourceSample[]; width: number; height: number; fps: number };
  /** The first AAC audio track, or null (none, or another codec this exporter does not copy). */
  audio: { samples: SourceSample[]; sampleRate: number; channels: number; description: Uint8Array; codec: string } | null;
}

interface BoxWithWrite {
  write(stream: unknown): void;
}

/** The codec's configuration box (avcC, hvcC, vpcC, av1C) without its 8-byte header, as VideoDecoder wants it. */
export function decoderDescription(entry: Record<string, unknown>): Uint8Array | undefined {
  const box = (entry.avcC ?? entry.hvcC ?? entry.vpcC ?? entry.av1C) as BoxWithWrite | undefined;
  if (!box) return undefined;
  const stream = new DataStream(undefined, 0, Endianness.BIG_ENDIAN);
  box.write(stream);
  return new Uint8Array(stream.buffer as unknown as ArrayBuffer, 8);
}

interface Descriptor {
  tag: number;
  data?: Uint8Array;
  descs?: Descriptor[];
}

/** The AAC AudioSpecificConfig from an mp4a entry's esds (DecoderConfigDescriptor 0x04 > DecoderSpecificInfo 0x05). */
export function aacConfig(entry: Record<string, unknown>): Uint8Array | null {
  const esd = (entry.esds as { esd?: Descriptor } | undefined)?.esd;
  const config = esd?.descs?.find((d) => d.tag === 4);
  const specific = config?.descs?.find((d) => d.tag === 5);
  return specific?.data && specific.data.length > 0 ? new Uint8Array(specific.data) : null;
}

/** The edit list's media time (in the track's timescale): what the player treats as media time 0. */
export function mediaStart(trak: { edts?: { elst?: { entries: { media_time: number }[] } } }): number {
  const entry = trak.edts?.elst?.entries.find((e) => e.media_time >= 0);
  return entry?.media_time ?? 0;
}

function toSamples(samples: Sample[], timescale: number, start: number): SourceSample[] {
  const out: SourceSample[] = new Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    out[i] = { offset: s.offset, size: s.size, key: s.is_sync, timestampUs: Math.round(((s.cts - start) * 1e6) / timescale), durationUs: Math.round((s.duration * 1e6) / timescale) };
  }
  return out;
}

/** Reads the index of the stored file. Throws ExportError('unsupported-source') when it has no readable video track. */
export async function readSourceTracks(file: Blob): Promise<SourceTracks> {
  let index: Awaited<ReturnType<typeof readMp4Index>>;
  try {
    index = await readMp4Index(blobSource(file));
  } catch {
    index = null;
  }
  const track = index?.movie.videoTracks[0];
  if (!index || !track || !(track.nb_samples > 0)) throw new ExportError('unsupported-source', 'The stored video has no video track this exporter can read (MP4 or MOV needed).');
  const raw = index.file.getTrackSamplesInfo(track.id);
  const entry = raw[0].description as unknown as Record<string, unknown>;
  const samples = toSamples(raw, track.timescale, mediaStart(index.file.getTrackById(track.id) as never));
  const width = track.video?.width ?? track.track_width;
  const height = track.video?.height ?? track.track_height;
  const durationS = track.samples_duration / track.timescale;
  const config: VideoDecoderConfig = { codec: track.codec, codedWidth: width, codedHeight: height, description: decoderDescription(entry) };
  let audio: SourceTracks['audio'] = null;
  const audioTrack = index.movie.audioTracks.find((t) => t.codec.startsWith('mp4a'));
  if (audioTrack) {
    const rawAudio = index.file.getTrackSamplesInfo(audioTrack.id);
    const description = rawAudio.length > 0 ? aacConfig(rawAudio[0].description as unknown as Record<string, unknown>) : null;
    if (description && audioTrack.audio) {
      audio = {
        samples: toSamples(rawAudio, audioTrack.timescale, mediaStart(index.file.getTrackById(audioTrack.id) as never)),
        sampleRate: audioTrack.audio.sample_rate,
        channels: audioTrack.audio.channel_count,
        description,
        codec: audioTrack.codec,
      };
    }
  }
  return { video: { config, samples, width, height, fps: durationS > 0 ? raw.length / durationS : 30 }, audio };
}

/** Bytes read from the file at a time: a few seconds of 1080p. */
const WINDOW_BYTES = 4 * 1024 * 1024;

/**
 * Serves samples' bytes from a window of the file; a sample outside the window moves it. Samples are read in
 * file order (decode order, video and audio interleaved), so each window is read once.
 */
export class SampleReader {
  private start = 0;
  private bytes = new Uint8Array(0);

  constructor(private readonly file: Blob) {}

  async read(sample: SourceSample): Promise<Uint8Array> {
    const end = sample.offset + sample.size;
    if (sample.offset < this.start || end > this.start + this.bytes.length) {
      this.start = sample.offset;
      this.bytes = new Uint8Array(await this.file.slice(sample.offset, Math.min(this.file.size, sample.offset + Math.max(sample.size, WINDOW_BYTES))).arrayBuffer());
      if (this.bytes.length < sample.size) throw new ExportError('unsupported-source', 'The stored video ends before its index says it does.');
    }
    // A copy: the chunk outlives the window.
    return this.bytes.slice(sample.offset - this.start, end - this.start);
  }
}

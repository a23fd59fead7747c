/**
 * The export's last stage: the muxer (mp4-muxer for H.264, else webm-muxer for VP9) writing into the sink as it goes
 * (no fast start: the index goes at the end), with the source's AAC packets copied across untouched (MP4 only: WebM
 * carries no AAC). Audio samples in the exported window are read ahead by the feeding loop (`readAudioUpTo`) and
 * muxed before the video chunk they precede (`addVideoChunk`), so the file interleaves the two.
 */
import { Muxer as Mp4Muxer, StreamTarget as Mp4Target } from 'mp4-muxer';
import { Muxer as WebmMuxer, StreamTarget as WebmTarget } from 'webm-muxer';
import { SampleReader, type SourceSample, type SourceTracks } from '../source-tracks';
import type { ExportSink } from './export-types';

export interface ExportMuxer {
  /** Source audio samples up to this source time (µs) read and queued for muxing. */
  readAudioUpTo(sourceUs: number): Promise<void>;
  /** One encoded video chunk, after the queued audio that precedes it. */
  addVideoChunk(chunk: EncodedVideoChunk, meta: EncodedVideoChunkMetadata | undefined): void;
  /** The rest of the audio, then the index. */
  finalize(): Promise<void>;
  /** Whether any audio packet was muxed. */
  audioMuxed(): boolean;
}

interface MuxerOptions {
  mp4: boolean;
  width: number;
  height: number;
  fps: number;
  /** Source times (µs) of the window's first and last video frame: output times start at `firstUs`. */
  firstUs: number;
  lastUs: number;
  /** Called with a write error (the sink's, a full disk): the pipeline stops on it. */
  onFailure(e: unknown): void;
}

const CHUNK_BYTES = 4 * 1024 * 1024;

export function createExportMuxer(source: Blob, tracks: SourceTracks, sink: ExportSink, o: MuxerOptions): ExportMuxer {
  const onData = (data: Uint8Array, position: number) => {
    try {
      sink.write(data, position);
    } catch (e) {
      o.onFailure(e);
      throw e;
    }
  };
  const audio = o.mp4 ? tracks.audio : null;
  // The muxers take a frame rate only as a whole number (it becomes the MP4 track's timescale): a 29.97 fps camera
  // file, or one whose measured rate is 29.987, would be refused. Without it each frame keeps its own timestamp
  // (the MP4 timescale is then fine enough for any rate).
  const frameRate = Number.isInteger(o.fps) && o.fps > 0 ? { frameRate: o.fps } : {};
  const { width, height } = o;
  const muxer = o.mp4
    ? new Mp4Muxer({
        target: new Mp4Target({ onData, chunked: true, chunkSize: CHUNK_BYTES }),
        video: { codec: 'avc', width, height, ...frameRate },
        audio: audio ? { codec: 'aac', numberOfChannels: audio.channels, sampleRate: audio.sampleRate } : undefined,
        fastStart: false,
        firstTimestampBehavior: 'cross-track-offset',
      })
    : new WebmMuxer({ target: new WebmTarget({ onData, chunked: true, chunkSize: CHUNK_BYTES }), video: { codec: 'V_VP9', width, height, ...frameRate }, firstTimestampBehavior: 'offset' });

  const audioSamples = audio ? audio.samples.filter((s) => s.timestampUs >= o.firstUs && s.timestampUs <= o.lastUs) : [];
  const audioReader = new SampleReader(source);
  const audioReady: { data: Uint8Array; sample: SourceSample }[] = [];
  let audioRead = 0;
  let audioMuxed = 0;
  const audioMeta: EncodedAudioChunkMetadata | undefined = audio
    ? { decoderConfig: { codec: 'mp4a.40.2', sampleRate: audio.sampleRate, numberOfChannels: audio.channels, description: audio.description } }
    : undefined;
  const muxAudioUpTo = (outUs: number) => {
    while (audioReady.length > 0 && audioReady[0].sample.timestampUs - o.firstUs <= outUs) {
      const { data, sample } = audioReady.shift()!;
      (muxer as Mp4Muxer<Mp4Target>).addAudioChunkRaw(data, 'key', sample.timestampUs - o.firstUs, sample.durationUs, audioMuxed === 0 ? audioMeta : undefined);
      audioMuxed++;
    }
  };
  const readAudioUpTo = async (sourceUs: number) => {
    while (audioRead < audioSamples.length && audioSamples[audioRead].timestampUs <= sourceUs) {
      audioReady.push({ data: await audioReader.read(audioSamples[audioRead]), sample: audioSamples[audioRead] });
      audioRead++;
    }
  };
  return {
    readAudioUpTo,
    addVideoChunk(chunk, meta) {
      muxAudioUpTo(chunk.timestamp);
      muxer.addVideoChunk(chunk, meta);
    },
    async finalize() {
      await readAudioUpTo(Infinity);
      muxAudioUpTo(Infinity);
      muxer.finalize();
    },
    audioMuxed: () => audioMuxed > 0,
  };
}

/**
 * What the player needs to know about a video file before copying it: duration, frame rate (and whether it is
 * variable, as phones record), size, the file's creation time and whether it carries GoPro telemetry. MP4 and
 * MOV are read with mp4box (only the index: a 4 GB file costs its moov box); WebM has no such index here, so the
 * browser's own <video> metadata is used and the frame rate measured from the first frames it shows (their
 * presentation times, from the element's frame callbacks); 30 when the browser gives none.
 */
import { blobSource, type ByteSource } from '../domain/file-reading/byte-source';
import { readMp4Index, type Mp4Index } from '../domain/file-reading/mp4-index';
import { looksLikeMp4 } from '../domain/file-reading/mp4-sniff';
import { frameRateFromTimes, unevenSampleDurations, type MeasuredFrameRate } from '../domain/video/frame-rate';
import { canPlayCodec } from './playable-codec';
import { VideoError } from './video-error';

export interface VideoProbe {
  container: 'mp4' | 'webm';
  durationS: number;
  fps: number;
  /** Sample durations differ by more than a tenth: a phone's variable frame rate. */
  variableFrameRate: boolean;
  width: number;
  height: number;
  codec: string;
  /** The file's creation time as stored (epoch ms), null when unset. */
  createdMs: number | null;
  hasGpmf: boolean;
}

/** The frame rate taken for a file whose own is not known. */
const DEFAULT_FPS = 30;

/** The MP4 index of a source, or null when it is not a readable MP4. */
async function readIndex(source: ByteSource): Promise<Mp4Index | null> {
  try {
    return await readMp4Index(source);
  } catch {
    return null;
  }
}

/** @internal Exported for its tests. */
export async function probeMp4(source: ByteSource): Promise<VideoProbe> {
  const index = await readIndex(source);
  const track = index?.movie.videoTracks[0];
  if (!index || !track || !(track.nb_samples > 0)) throw new VideoError('unsupported-file', 'Not a video this app can read (no video track).');
  const durationS = track.duration / track.timescale || index.movie.duration / index.movie.timescale;
  const samples = index.file.getTrackSamplesInfo(track.id);
  const created = index.movie.created;
  const createdMs = created instanceof Date && created.getTime() > Date.UTC(1970, 0, 2) ? created.getTime() : null;
  return {
    container: 'mp4',
    durationS,
    fps: durationS > 0 ? track.nb_samples / durationS : DEFAULT_FPS,
    variableFrameRate: unevenSampleDurations(samples),
    width: track.video?.width ?? track.track_width,
    height: track.video?.height ?? track.track_height,
    codec: track.codec,
    createdMs,
    hasGpmf: index.movie.tracks.some((t) => t.codec.startsWith('gpmd')),
  };
}

/** Frames measured, and the longest the measure may take (ms). */
const MEASURED_FRAMES = 12;
const MEASURE_TIMEOUT_MS = 3000;

/**
 * Plays the first frames muted, out of sight, and reads each shown frame's presentation time; null where the
 * browser has no frame callbacks or shows too few frames in time.
 */
async function measureFrameRate(video: HTMLVideoElement): Promise<MeasuredFrameRate | null> {
  const withCallbacks = video as HTMLVideoElement & { requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number }) => void) => number };
  if (typeof withCallbacks.requestVideoFrameCallback !== 'function') return null;
  video.muted = true;
  video.playsInline = true;
  video.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;opacity:0;pointer-events:none';
  document.body.append(video);
  const times: number[] = [];
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, MEASURE_TIMEOUT_MS);
      const onFrame = (_now: number, meta: { mediaTime: number }) => {
        times.push(meta.mediaTime);
        if (times.length >= MEASURED_FRAMES) {
          clearTimeout(timer);
          resolve();
        } else withCallbacks.requestVideoFrameCallback!(onFrame);
      };
      withCallbacks.requestVideoFrameCallback!(onFrame);
      video.play().catch(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  } finally {
    video.pause();
    video.remove();
  }
  return frameRateFromTimes(times);
}

/** Reads the browser's own metadata of a file (WebM, or an MP4 mp4box could not index but the browser plays). */
function probeWithElement(file: Blob): Promise<VideoProbe> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = () => URL.revokeObjectURL(url);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      if (!(video.duration > 0) || !Number.isFinite(video.duration) || video.videoWidth === 0) {
        done();
        reject(new VideoError('unsupported-file', 'The browser cannot play this video.'));
        return;
      }
      video.onerror = null;
      void measureFrameRate(video)
        .catch(() => null)
        .then((rate) => {
          done();
          resolve({ container: 'webm', durationS: video.duration, fps: rate?.fps ?? DEFAULT_FPS, variableFrameRate: rate?.variableFrameRate ?? false, width: video.videoWidth, height: video.videoHeight, codec: '', createdMs: null, hasGpmf: false });
        });
    };
    video.onerror = () => {
      done();
      reject(new VideoError('unsupported-file', 'The browser cannot play this video.'));
    };
    video.src = url;
  });
}

/** Probes a picked file: MP4/MOV by its index, anything else by the browser's player. */
/**
 * The probe of a picked (or stored) file; throws VideoError 'unsupported-file' for what is not a video, and
 * 'undecodable' for an MP4/MOV whose codec this browser cannot show (HEVC here), before anything is copied.
 */
export async function probeVideoFile(file: File): Promise<VideoProbe> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  if (!looksLikeMp4(head)) return probeWithElement(file);
  const probe = await probeMp4(blobSource(file));
  if (!(await canPlayCodec(probe.codec))) throw new VideoError('undecodable', `This browser cannot decode ${probe.codec} video.`, { codec: probe.codec });
  return probe;
}

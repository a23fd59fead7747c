/** The export's job, its sink, its progress and its result: what the pipeline, its stages, the worker and the page share. */
import type { AccelerationColumns } from '../../domain/coaching/acceleration';
import type { LapTrace } from '../../domain/lap-compare/lap-trace';
import type { PositionColumns } from '../../domain/session-types';
import type { ExportHeight } from '../../domain/video/export-plan';
import type { LapSpan } from '../../domain/video/lap-times';
import type { Gauge } from '../../domain/video/overlay-layout';
import type { OverlayLap } from '../../domain/video/overlay-values';
import type { VideoSync } from '../../domain/video/video-clock';
import type { OverlayScene } from '../overlay-draw';

/** What the gauges need besides the values at each frame (the player's scene without the values). */
export interface ExportScene extends Omit<OverlayScene, 'values'> {
  positions: PositionColumns;
  spans: LapSpan[];
  laps: OverlayLap[];
  reference: LapTrace | null;
  /** Per-fix g for the g-meter, or null. */
  acceleration: AccelerationColumns | null;
  gauges: Gauge[];
}

export interface ExportJob {
  source: Blob;
  /** The media-time window (seconds): every frame shown in it is exported. */
  startS: number;
  endS: number;
  sync: VideoSync;
  height: ExportHeight;
  /** The gauges; null renders the frames bare (the benchmark's baseline). */
  scene: ExportScene | null;
  /** 'webm' skips H.264 (tests of the fallback). */
  prefer?: 'mp4' | 'webm';
}

/** Where the muxer's bytes go: `write` may be asked to write earlier positions again (the mdat size at the end). */
export interface ExportSink {
  write(data: Uint8Array, position: number): void;
}

export interface ExportProgress {
  framesDone: number;
  framesTotal: number;
}

export interface ExportControl {
  cancelled(): boolean;
  onProgress(progress: ExportProgress): void;
}

export interface ExportResult {
  container: 'mp4' | 'webm';
  codec: string;
  width: number;
  height: number;
  frames: number;
  durationS: number;
  /** The source had audio and it was copied across. */
  audioKept: boolean;
  /** The source had audio that the WebM fallback could not carry. */
  audioDropped: boolean;
}

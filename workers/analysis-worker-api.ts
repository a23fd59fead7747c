/**
 * What the analysis worker exposes over Comlink: analysis-api.ts plus the transfers. Position columns go back to
 * the page as transferred buffers (no copy, no main-thread stall); laps and the per-lap analysis travel as typed
 * columns too (lap-columns.ts), which the bridge turns back into objects. Tests expose this same
 * object (or a fresh one from createWorkerApi: a "restarted worker" with nothing kept) on a MessageChannel instead
 * of a worker.
 */
import { releaseProxy, transfer } from 'comlink';
import { encodeLapRecords, encodeSessionAnalysis, lapColumnBuffers } from './lap-columns';
import { analysisApi, buffersIn, columnBuffers, encodeSessionUpload, type CompareLapsOptions, type ProcessSessionInput } from './analysis-api';
import type { GatePoint, LapRecord, PositionColumns } from '../src/domain/session-types';
import type { DetectLapsOptions } from '../src/domain/detection/detect-laps';
import type { LapTrace } from '../src/domain/lap-compare/lap-trace';
import type { SessionViewOptions, ViewLap } from '../src/domain/views/session-views';
import type { SessionUpload } from '../src/contracts/session-upload';
import type { CoachingLapColumns } from '../src/domain/coaching/session-coaching';
import { importBuffers, importFile, type ImportFileInput } from './import-api';
import type { ImportProgressListener } from '../src/domain/file-formats/import-progress';
import type { VideoSyncInput } from './video-sync-api';
import { createPositionsCache } from './positions-cache';

/**
 * Where coachSession finds its positions: kept in this worker under `key`, or sent (and then kept under `key`).
 * @internal Exported for its tests.
 */
export interface PositionsSource {
  key: string;
  positions?: PositionColumns;
}

/**
 * The worker's functions with their own kept positions (one per worker; tests make fresh ones).
 * @internal Exported for its tests.
 */
export function createWorkerApi() {
  const kept = createPositionsCache();
  return {
    processSession(input: ProcessSessionInput) {
      const result = analysisApi.processSession(input);
      const wire = { ...result, laps: encodeLapRecords(result.laps), analysis: encodeSessionAnalysis(result.analysis) };
      const buffers = [...columnBuffers(result.positions), ...buffersIn(result.views), ...buffersIn(result.coaching), ...lapColumnBuffers(wire.laps), ...lapColumnBuffers(wire.analysis)];
      return transfer(wire, [...new Set(buffers)]);
    },
    parsePositions(nmea: Uint8Array) {
      const result = analysisApi.parsePositions(nmea);
      return transfer(result, columnBuffers(result.positions));
    },
    parseLaps(laps: string | Uint8Array) {
      return analysisApi.parseLaps(laps);
    },
    analyse(laps: LapRecord[], positions: PositionColumns | null, sessionIndex = 0) {
      const wire = encodeSessionAnalysis(analysisApi.analyse(laps, positions, sessionIndex));
      return transfer(wire, lapColumnBuffers(wire));
    },
    sessionViews(positions: PositionColumns, laps: ViewLap[], options?: SessionViewOptions) {
      const result = analysisApi.sessionViews(positions, laps, options);
      return transfer(result, buffersIn(result));
    },
    detectLaps(positions: PositionColumns, gates: GatePoint[], widthM: number, options?: DetectLapsOptions) {
      const result = analysisApi.detectLaps(positions, gates, widthM, options);
      return transfer(result, buffersIn(result));
    },
    compareLaps(lap: LapTrace, reference: LapTrace, options?: CompareLapsOptions) {
      const result = analysisApi.compareLaps(lap, reference, options);
      return transfer(result, buffersIn(result));
    },
    /**
     * The coach's figures of the positions kept under `source.key`, or of `source.positions` when sent (and kept
     * then). Null when they were neither sent nor kept (evicted, or kept by a worker since ended): the bridge sends
     * them then.
     */
    coachSession(source: PositionsSource, laps: CoachingLapColumns) {
      if (source.positions) kept.put(source.key, source.positions);
      const positions = source.positions ?? kept.get(source.key);
      if (!positions) return null;
      const result = analysisApi.coachSession(positions, laps);
      return transfer(result, buffersIn(result));
    },
    /** Reads the upload's stored Blobs here (not on the page), encodes the body and transfers its bytes back. */
    async encodeSessionUpload(upload: SessionUpload) {
      const result = await encodeSessionUpload(upload);
      return transfer(result, [result.bytes.buffer as ArrayBuffer]);
    },
    /** A picked file to the library's texts (import-api.ts): the File is read here by parts, the texts come back as bytes. */
    /** `onProgress`: a Comlink proxy of the page's listener (each report is one message; importFile throttles them). */
    async importFile(input: ImportFileInput, onProgress?: ImportProgressListener) {
      let outcome: Awaited<ReturnType<typeof importFile>>;
      try {
        outcome = await importFile(input, onProgress ? (p) => void onProgress(p) : undefined);
      } finally {
        // Closes the proxy's channel (the page's end would otherwise stay open for the worker's life).
        (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
      }
      return transfer(outcome, importBuffers(outcome));
    },
    /**
     * A video's automatic sync (video-sync-api.ts): the Files go by reference, the session's columns are copied in.
     * Its code (with the MP4 reader, most of this worker's script) is loaded at the first sync, not with the worker:
     * every import starts a worker, and reading and setting up the MP4 reader was most of that start.
     */
    async syncVideo(input: VideoSyncInput) {
      const { syncVideo } = await import('./video-sync-api');
      const outcome = await syncVideo(input);
      return transfer(outcome, [outcome.camera.videoTimeS.buffer as ArrayBuffer, outcome.camera.speedKmh.buffer as ArrayBuffer]);
    },
  };
}

export const workerApi = createWorkerApi();

export type AnalysisWorkerApi = ReturnType<typeof createWorkerApi>;

/**
 * The analysis worker: a thin Comlink entry over analysis-api.ts. Position columns go back to the page as
 * transferred buffers (no copy, no main-thread stall); laps and the analysis are small plain objects.
 * Started only by src/analysis/analysis-client.ts.
 */
import { expose, transfer } from 'comlink';
import { analysisApi, buffersIn, columnBuffers, encodeSessionUpload, type CompareLapsOptions, type ProcessSessionInput } from './analysis-api';
import type { GatePoint, LapRecord, PositionColumns } from '../src/domain/session-types';
import type { DetectLapsOptions } from '../src/domain/detection/detect-laps';
import type { LapTrace } from '../src/domain/lap-compare/lap-trace';
import type { SessionViewOptions, ViewLap } from '../src/domain/views/session-views';
import type { SessionUpload } from '../src/contracts/session-upload';

const workerApi = {
  processSession(input: ProcessSessionInput) {
    const result = analysisApi.processSession(input);
    return transfer(result, [...new Set([...columnBuffers(result.positions), ...buffersIn(result.views)])]);
  },
  parsePositions(nmea: Uint8Array) {
    const result = analysisApi.parsePositions(nmea);
    return transfer(result, columnBuffers(result.positions));
  },
  parseLaps(laps: string | Uint8Array) {
    return analysisApi.parseLaps(laps);
  },
  analyse(laps: LapRecord[], positions: PositionColumns | null, sessionIndex = 0) {
    return analysisApi.analyse(laps, positions, sessionIndex);
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
  /** Reads the upload's stored Blobs here (not on the page), encodes the body and transfers its bytes back. */
  async encodeSessionUpload(upload: SessionUpload) {
    const result = await encodeSessionUpload(upload);
    return transfer(result, [result.bytes.buffer as ArrayBuffer]);
  },
};

export type AnalysisWorkerApi = typeof workerApi;

expose(workerApi);

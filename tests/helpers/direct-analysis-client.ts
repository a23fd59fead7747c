import { analysisApi, encodeSessionUpload } from '../../workers/analysis-api';
import { importFile } from '../../workers/import-api';
import { syncVideo } from '../../workers/video-sync-api';
import { unwrapImport, type AnalysisClient } from '../../src/analysis/analysis-client';
import { DomainError } from '../../src/domain/errors';

const aborted = () => new DomainError('aborted', 'The analysis was cancelled.');

/**
 * An analysis client that runs the worker's functions in this process (no worker, no Comlink), for unit tests in
 * Node: the same answers; calls still queue and honour an already-aborted signal (DomainError('aborted')), but a
 * running call cannot be interrupted.
 */
export function createDirectAnalysisClient(): AnalysisClient {
  const call = async <T>(f: () => T | Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (signal?.aborted) throw aborted();
    await Promise.resolve();
    if (signal?.aborted) throw aborted();
    return f();
  };
  return {
    processSession: (input, o) => call(() => analysisApi.processSession(input), o?.signal),
    parsePositions: (nmea, o) => call(() => analysisApi.parsePositions(nmea), o?.signal),
    parseLaps: (laps, o) => call(() => analysisApi.parseLaps(laps), o?.signal),
    analyse: (laps, positions, sessionIndex = 0, o) => call(() => analysisApi.analyse(laps, positions, sessionIndex), o?.signal),
    sessionViews: (positions, laps, v, o) => call(() => analysisApi.sessionViews(positions, laps, v), o?.signal),
    detectLaps: (positions, gates, widthM, d, o) => call(() => analysisApi.detectLaps(positions, gates, widthM, d), o?.signal),
    compareLaps: (lap, reference, c, o) => call(() => analysisApi.compareLaps(lap, reference, c), o?.signal),
    coachSession: (positions, laps, o) => call(() => analysisApi.coachSession(positions, laps), o?.signal),
    encodeSessionUpload: (upload, o) => call(() => encodeSessionUpload(upload), o?.signal),
    importFile: (input, o) => call(async () => unwrapImport(await importFile(input, o?.onProgress)), o?.signal),
    syncVideo: (input, o) => call(() => syncVideo(input), o?.signal),
    dispose: () => undefined,
  };
}

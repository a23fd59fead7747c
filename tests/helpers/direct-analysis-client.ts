import { clientOf, type AnalysisClient } from '../../src/analysis/analysis-operations';
import { aborted } from '../../src/analysis/worker-bridge';
import { createWorkerApi } from '../../workers/analysis-worker-api';

/**
 * An analysis client that runs the worker's functions in this process (no worker, no Comlink), for unit tests in
 * Node: the same operations as the bridge (analysis-operations.ts), so the same answers; calls still queue and
 * honour an already-aborted signal (DomainError('aborted')), but a running call cannot be interrupted.
 */
export function createDirectAnalysisClient(): AnalysisClient {
  const api = createWorkerApi();
  return clientOf(async (job, signal) => {
    if (signal?.aborted) throw aborted();
    await Promise.resolve();
    if (signal?.aborted) throw aborted();
    return job(api);
  }, () => undefined);
}

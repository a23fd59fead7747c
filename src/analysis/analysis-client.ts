/**
 * The one bridge between the page and the analysis worker (after Squoosh's worker-bridge): the worker's lifecycle
 * (lazy start, calls one at a time, cancelling, restart after a crash, ending when idle) is worker-bridge.ts'; what
 * each operation sends and gets back (the transfer map) is analysis-operations.ts'. Tests and Node code inject
 * `createWorker` (any Comlink endpoint with terminate()); tests also have tests/helpers/direct-analysis-client.ts,
 * which runs the same worker functions in-process through the same operations.
 */
import type { Remote } from 'comlink';
import type { AnalysisWorkerApi } from '../../workers/analysis-worker-api';
import { clientOf, type AnalysisClient } from './analysis-operations';
import { createWorkerBridge, type WorkerLike } from './worker-bridge';

export type { CoachedSession, ProcessedSession } from '../../workers/analysis-api';
export type { ImportedFile, ImportFileInput } from '../../workers/import-api';
export type { AnalysisClient } from './analysis-operations';

/** @internal Exported for its tests. */
export interface AnalysisClientOptions {
  createWorker?: () => WorkerLike;
  /** Idle time before the worker is ended, ms. */
  idleMs?: number;
}

/** How long the worker may sit idle before it is ended: its memory (a 7 h session's buffers) goes with it. */
const WORKER_IDLE_MS = 10_000;

function defaultWorker(): WorkerLike {
  return new Worker(new URL('../../workers/analysis.worker.ts', import.meta.url), { type: 'module', name: 'analysis' });
}

/** @internal Exported for its tests. */
export function createAnalysisClient(options: AnalysisClientOptions = {}): AnalysisClient {
  const bridge = createWorkerBridge<AnalysisWorkerApi>(options.createWorker ?? defaultWorker, options.idleMs ?? WORKER_IDLE_MS);
  // Comlink's Remote wraps each answer in a promise: the operations await every answer either way.
  return clientOf((job, signal) => bridge.run((remote: Remote<AnalysisWorkerApi>) => job(remote as never), signal), bridge.dispose);
}

let shared: AnalysisClient | null = null;

/** The app's shared client (the worker itself still starts only on the first call). */
export function getAnalysisClient(): AnalysisClient {
  shared ??= createAnalysisClient();
  return shared;
}

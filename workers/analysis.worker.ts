/**
 * The analysis worker: a thin Comlink entry exposing analysis-worker-api.ts. Started only by
 * src/analysis/analysis-client.ts.
 */
import { expose } from 'comlink';
import { workerApi } from './analysis-worker-api';

export type { AnalysisWorkerApi } from './analysis-worker-api';

expose(workerApi);

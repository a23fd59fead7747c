import { Piscina } from 'piscina';
import { ApiError } from '../errors';
import { tsxWorkerArgv } from '../worker-loader';
import { UPLOAD_THREADS } from '../limits';
import type { FinishTask, PreparedInput, UploadOutcome, UploadTask } from './upload-worker';
import type { FinishGate } from './finish-crossing';
import type { SessionStats } from './lap-stats';
import type { RawUpload } from './raw-upload';

/**
 * Worker threads for the heavy part of session uploads (upload-worker.ts), so the event loop keeps answering
 * other requests while a 40 MiB body is parsed. Threads start on the first upload and stop after a minute idle
 * (an idle server holds none). Each thread's heap is capped: a body that still makes one run out of memory loses
 * that thread (replaced on the next upload) and is answered 413, the process lives on.
 */

/** Uploads waiting for a thread beyond the ones running; more are answered 503 with Retry-After. */
const MAX_QUEUED = 32;
/**
 * A worker's old-generation heap, MB: a 40 MiB body is held as its text (up to 80 MB as UTF-16), its parsed
 * value and the rebuilt position text: ~200 MB at worst.
 */
const WORKER_HEAP_MB = 384;
const IDLE_MS = 60_000;

export interface UploadPool {
  /**
   * Runs one upload's parsing in a thread; throws the ApiError to answer for a bad body. The position text is
   * written into `out` (shared memory of at least `maxBytes`, position-buffers.ts), `input.coordinates` a view of it.
   */
  prepare(body: RawUpload, maxBytes: number, out: Uint8Array): Promise<{ input: PreparedInput; stats: SessionStats }>;
  /** Whether the positions cross the circuit's start/finish at least twice (finish-crossing.ts), in a thread. */
  crossesFinish(positions: string | Uint8Array, gate: FinishGate): Promise<boolean>;
  close(): Promise<void>;
}

export function createUploadPool(threads = UPLOAD_THREADS): UploadPool {
  const pool = new Piscina<UploadTask | FinishTask, UploadOutcome | boolean>({
    filename: new URL('./upload-worker.ts', import.meta.url).href,
    execArgv: tsxWorkerArgv(),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    maxQueue: MAX_QUEUED,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return {
    async prepare(body, maxBytes, out) {
      let outcome: UploadOutcome;
      try {
        // The blocks are shared memory: the worker reads them in place, nothing is copied on the way.
        outcome = (await pool.run({ blocks: body.blocks, length: body.length, columnar: body.columnar, maxBytes, out })) as UploadOutcome;
      } catch (e) {
        throw poolError(e);
      }
      if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.message, outcome.fields);
      return { input: outcome.input, stats: outcome.stats };
    },
    async crossesFinish(positions, gate) {
      try {
        return (await pool.run({ positions, gate }, { name: 'finishCheck' })) === true;
      } catch (e) {
        throw poolError(e);
      }
    },
    close: () => pool.destroy(),
  };
}

function poolError(e: unknown): Error {
  const code = (e as { code?: unknown }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'bodyTooLargeToProcess');
  if (e instanceof Error && /queue is at limit/i.test(e.message)) {
    return new ApiError(503, 'SERVICE_UNAVAILABLE', 'uploadsBusy');
  }
  return e instanceof Error ? e : new Error(String(e));
}

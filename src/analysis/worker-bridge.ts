/**
 * The analysis worker's lifecycle, after Squoosh's worker-bridge (what crosses is analysis-operations.ts'):
 * - the worker starts lazily, on the first call;
 * - calls are serialised: one runs at a time, the others wait in order;
 * - an AbortSignal cancels a call: a queued call never starts, a running one terminates the worker (the next call
 *   starts a fresh one); the call rejects with DomainError('aborted');
 * - a worker that dies (an error event) fails the running call with DomainError('worker-failed'), and the next
 *   call starts a fresh one;
 * - the worker is ended after `idleMs` without calls, and its memory with it.
 */
import { wrap, type Endpoint, type Remote } from 'comlink';
import { DomainError } from '../domain/errors';

/** A worker as the bridge needs it: a Comlink endpoint that can be terminated. */
export type WorkerLike = Endpoint & { terminate(): void };

export interface WorkerBridge<Api> {
  /** Runs `job` on the worker (started if need be) once the calls before it are done. */
  run<T>(job: (api: Remote<Api>) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Ends the worker now (the running call rejects); the next call starts a new one. */
  dispose(): void;
}

/**
 * The rejection of a cancelled call.
 * @internal Exported for the in-process test client (tests/helpers/direct-analysis-client.ts).
 */
export const aborted = () => new DomainError('aborted', 'The analysis was cancelled.');

export function createWorkerBridge<Api>(createWorker: () => WorkerLike, idleMs: number): WorkerBridge<Api> {
  let worker: WorkerLike | null = null;
  let remote: Remote<Api> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Rejects the running call when the worker dies or is terminated. */
  let failRunning: ((error: DomainError) => void) | null = null;

  const clearIdle = () => {
    if (idleTimer !== null) clearTimeout(idleTimer);
    idleTimer = null;
  };

  const terminate = (reason: DomainError) => {
    clearIdle();
    if (worker) worker.terminate();
    worker = null;
    remote = null;
    failRunning?.(reason);
  };

  const ensureRemote = (): Remote<Api> => {
    if (!worker || !remote) {
      const w = createWorker();
      w.addEventListener('error', () => {
        if (worker === w) terminate(new DomainError('worker-failed', 'The analysis worker stopped unexpectedly.'));
      });
      worker = w;
      remote = wrap<Api>(w);
    }
    return remote;
  };

  const run = <T>(job: (api: Remote<Api>) => Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (signal?.aborted) return Promise.reject(aborted());
    pending++;
    clearIdle();
    let started = false;
    let settle: { resolve: (v: T) => void; reject: (e: unknown) => void } | null = null;
    const result = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
    const done = settle as unknown as { resolve: (v: T) => void; reject: (e: unknown) => void };
    const onAbort = () => {
      if (started) terminate(aborted());
      else done.reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const execute = () => {
      // Already settled (aborted while queued): skip without starting the worker.
      if (signal?.aborted) return Promise.resolve();
      started = true;
      return new Promise<void>((finished) => {
        const fail = (e: unknown) => {
          done.reject(e instanceof DomainError ? e : new DomainError('worker-failed', String(e)));
          finished();
        };
        failRunning = fail;
        let api: Remote<Api>;
        try {
          api = ensureRemote();
        } catch (e) {
          return fail(new DomainError('worker-failed', `The analysis worker could not start: ${String(e)}`));
        }
        job(api).then((v) => {
          done.resolve(v);
          finished();
        }, fail);
      });
    };
    const step = queue.then(execute).finally(() => {
      failRunning = null;
      signal?.removeEventListener('abort', onAbort);
      pending--;
      if (pending === 0 && worker) {
        idleTimer = setTimeout(() => terminate(aborted()), idleMs);
        (idleTimer as { unref?: () => void }).unref?.();
      }
    });
    queue = step;
    return result;
  };

  return { run, dispose: () => terminate(aborted()) };
}

/**
 * What crosses between the page and the analysis worker, one entry per operation (the transfer map, after Squoosh's
 * worker-bridge): how many arguments the worker's function (workers/analysis-worker-api.ts) takes, the buffers of
 * those arguments moved into the worker instead of copied (the caller's typed arrays are empty, detached, after the
 * call: pass copies to keep them), and how the answer, which comes back as transferred typed arrays, becomes what
 * the page uses. The page's client is typed from the worker's functions through this table, so adding an
 * operation is its worker function and its line here (the type check refuses a function without one).
 *
 * coachSession and importFile do more than cross (see their notes in clientOf), so they are written out.
 */
import { proxy, transfer } from 'comlink';
import { DomainError } from '../domain/errors';
import type { PositionColumns } from '../domain/session-types';
import type { CoachingLapColumns } from '../domain/coaching/session-coaching';
import { ImportError } from '../domain/file-formats/import-errors';
import type { ImportProgressListener } from '../domain/file-formats/import-progress';
import type { SessionUpload } from '../contracts/session-upload';
import type { CoachedSession, ProcessedSession } from '../../workers/analysis-api';
import type { AnalysisWorkerApi } from '../../workers/analysis-worker-api';
import type { ImportedFile, ImportFileInput, ImportOutcome } from '../../workers/import-api';
import { decodeLapRecords, decodeSessionAnalysis } from '../../workers/lap-columns';

type WorkerApi = AnalysisWorkerApi;
/** What a worker function's answer is when it reaches the page. */
type Wire<K extends keyof WorkerApi> = Awaited<ReturnType<WorkerApi[K]>>;

interface CallOptions {
  signal?: AbortSignal;
}

interface Crossing<K extends keyof WorkerApi> {
  /** How many arguments the worker's function takes (its optional ones counted): the page's CallOptions follow them. */
  arity: Required<Parameters<WorkerApi[K]>>['length'];
  /** The buffers of the arguments moved into the worker. */
  transfer?: (...args: Parameters<WorkerApi[K]>) => ArrayBuffer[];
  /** The answer as the page uses it (by default, as it came). */
  receive?: (wire: Wire<K>) => unknown;
}

/** The operations that only cross (the others are written out in clientOf). */
type Crossed = Exclude<keyof WorkerApi, 'coachSession' | 'importFile'>;

/** The buffers of an upload's byte texts, for the transfer list (Blobs and strings are cloned cheaply). */
function uploadBuffers(upload: SessionUpload): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const t of [upload.coordinates, upload.laps]) {
    if (t instanceof ArrayBuffer) buffers.add(t);
    else if (t instanceof Uint8Array && t.buffer instanceof ArrayBuffer) buffers.add(t.buffer);
  }
  return [...buffers];
}

const crossings = {
  /** The nmea bytes move into the worker; laps and analysis come back as typed columns (lap-columns.ts). */
  processSession: {
    arity: 1,
    transfer: (input) => [input.nmea.buffer as ArrayBuffer],
    receive: (w): ProcessedSession => ({ ...w, laps: decodeLapRecords(w.laps), analysis: decodeSessionAnalysis(w.analysis) }),
  },
  parsePositions: { arity: 1, transfer: (nmea) => [nmea.buffer as ArrayBuffer] },
  parseLaps: { arity: 1 },
  analyse: { arity: 3, receive: decodeSessionAnalysis },
  /** The positions are copied into the worker (prefer processSession's `views` when the session is parsed anyway). */
  sessionViews: { arity: 3 },
  /** The positions are copied into the worker: cheap for a typical session, ~20 ms of main thread for a 7 h one. */
  detectLaps: { arity: 4 },
  compareLaps: { arity: 3 },
  /** Blobs go by reference, byte texts move; the body's bytes come back transferred. */
  encodeSessionUpload: { arity: 1, transfer: uploadBuffers },
  /** The Files go by reference and are read by parts in the worker; the session's time and speed columns move. */
  syncVideo: { arity: 1, transfer: (input) => [...new Set([input.session.timeMs.buffer as ArrayBuffer, input.session.speedKmh.buffer as ArrayBuffer])] },
} satisfies { [K in Crossed]: Crossing<K> };

type Received<K extends Crossed> = (typeof crossings)[K] extends { receive: (wire: never) => infer R } ? R : Wire<K>;

export type AnalysisClient = { [K in Crossed]: (...args: [...Parameters<WorkerApi[K]>, CallOptions?]) => Promise<Received<K>> } & {
  /**
   * The coach's session-wide figures (acceleration per fix, g-g envelopes, corners, drivable optimal, consistency).
   * The positions are copied into the worker the first time, and read where the worker kept them on later calls
   * with the same columns object; the results come back as transferred typed arrays.
   */
  coachSession(positions: PositionColumns, laps: CoachingLapColumns, options?: CallOptions): Promise<CoachedSession>;
  /**
   * A picked file read, detected, timed and written as device texts in the worker (workers/import-api.ts). A File
   * goes by reference; bytes are transferred (detached after the call). Rejects with the ImportError that names
   * why a file is refused.
   */
  importFile(input: ImportFileInput, options?: CallOptions & { onProgress?: ImportProgressListener }): Promise<ImportedFile>;
  /** Ends the worker now (pending calls reject); the next call starts a new one. */
  dispose(): void;
};

/** An import's outcome as the caller sees it: the imported file, or the refusal thrown with its reason. */
function unwrapImport(outcome: ImportOutcome): ImportedFile {
  if (outcome.ok) return outcome.imported;
  if (outcome.reason) throw new ImportError(outcome.reason, outcome.message, outcome.detail);
  throw new DomainError('invalid-argument', outcome.message);
}

/** The worker's functions as a caller reaches them: through Comlink (each answer a promise) or in this process. */
type ApiLike = { [K in keyof WorkerApi]: (...args: Parameters<WorkerApi[K]>) => unknown };

/** Runs a job on the worker's functions once its turn comes; rejects with DomainError('aborted') when `signal` aborts. */
export type Caller = <T>(job: (api: ApiLike) => Promise<T>, signal?: AbortSignal) => Promise<T>;

/** Keys of the positions kept in a worker: unique in the page, so no worker ever mistakes one session for another. */
let keptCount = 0;

/** The page's client of the worker's functions, each call run by `call` (the worker bridge, or in-process in tests). */
export function clientOf(call: Caller, dispose: () => void): AnalysisClient {
  const crossed = Object.fromEntries(
    Object.entries(crossings).map(([name, c]: [string, { arity: number; transfer?: (...a: never[]) => ArrayBuffer[]; receive?: (w: never) => unknown }]) => [
      name,
      (...args: unknown[]) => {
        const options = args[c.arity] as CallOptions | undefined;
        const sent = args.slice(0, c.arity);
        const buffers = c.transfer?.(...(sent as never[])) ?? [];
        if (buffers.length > 0) sent[0] = transfer(sent[0], buffers);
        return call(async (api) => {
          const wire = await (api[name as Crossed] as (...a: unknown[]) => unknown)(...sent);
          return c.receive ? c.receive(wire as never) : wire;
        }, options?.signal);
      },
    ]),
  ) as { [K in Crossed]: AnalysisClient[K] };
  /** The key each positions object is kept under in the worker (workers/positions-cache.ts). */
  const keptKeys = new WeakMap<PositionColumns, string>();
  return {
    ...crossed,
    // The columns are sent once and the worker keeps them (the last two sessions): a later call on the same object
    // sends only the key instead of cloning ~25 MB (7 h session) again; when the worker no longer has them (ended
    // after its idle time, restarted, or evicted) it answers null and they are sent again.
    coachSession: (positions, laps, o) =>
      call(async (api) => {
        let key = keptKeys.get(positions);
        const kept = key !== undefined ? ((await api.coachSession({ key }, laps)) as CoachedSession | null) : null;
        if (kept) return kept;
        key ??= `positions-${++keptCount}`;
        keptKeys.set(positions, key);
        return (await api.coachSession({ key, positions }, laps)) as CoachedSession;
      }, o?.signal),
    importFile: (input, o) =>
      call(async (api) => {
        // The listener stays on the page; the worker calls it through a proxy (a message a report, throttled there).
        const onProgress = o?.onProgress ? proxy(o.onProgress) : undefined;
        return unwrapImport((await api.importFile(transfer(input, input.file instanceof Uint8Array ? [input.file.buffer as ArrayBuffer] : []), onProgress)) as ImportOutcome);
      }, o?.signal),
    dispose,
  };
}

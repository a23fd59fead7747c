/**
 * The one bridge between the page and the analysis worker (after Squoosh's worker-bridge):
 * - the worker starts lazily, on the first call;
 * - calls are serialised: one runs at a time, the others wait in order;
 * - an AbortSignal cancels a call: a queued call never starts, a running one terminates the worker (the next call
 *   starts a fresh one); the call rejects with DomainError('aborted');
 * - the worker is ended after `idleMs` (10 s) without calls, and its memory with it.
 * Tests and Node code inject `createWorker` (any Comlink endpoint with terminate()); tests also have
 * tests/helpers/direct-analysis-client.ts, which runs the same functions in-process.
 *
 * The nmea bytes are transferred into the worker: after the call the caller's Uint8Array is empty (detached).
 * Pass a copy (`bytes.slice()`) if you still need them.
 *
 * coachSession sends a columns object once and the worker keeps it (workers/positions-cache.ts, the last two
 * sessions); the bridge remembers the key, and a later call on that object sends only the key instead of cloning
 * ~25 MB (7 h session) into the worker again. When the worker no longer has them (ended after its idle time,
 * restarted, or evicted), the call sends the columns again.
 */
import { proxy, transfer, wrap, type Endpoint, type Remote } from 'comlink';
import { DomainError } from '../domain/errors';
import type { LapRecord, PositionColumns } from '../domain/session-types';
import type { ParsedLaps } from '../domain/parse-laps';
import type { ParsedPositions } from '../domain/parse-positions';
import type { SessionAnalysis } from '../domain/analysis/analyse-session';
import type { GatePoint } from '../domain/session-types';
import type { DetectLapsOptions, LapDetection } from '../domain/detection/detect-laps';
import type { LapTrace } from '../domain/lap-compare/lap-trace';
import type { SessionViewOptions, SessionViews, ViewLap } from '../domain/views/session-views';
import type { CoachingLapColumns } from '../domain/coaching/session-coaching';
import type {
  CoachedSession,
  CompareLapsOptions,
  LapComparison,
  ProcessedSession,
  ProcessSessionInput,
} from '../../workers/analysis-api';
import type { AnalysisWorkerApi } from '../../workers/analysis-worker-api';
import type { EncodedSessionWrite, SessionUpload } from '../contracts/session-upload';
import type { ImportedFile, ImportFileInput, ImportOutcome } from '../../workers/import-api';
import type { VideoSyncInput, VideoSyncOutcome } from '../../workers/video-sync-api';
import { ImportError } from '../domain/file-formats/import-errors';
import type { ImportProgressListener } from '../domain/file-formats/import-progress';
import { decodeLapRecords, decodeSessionAnalysis, type LapRecordColumns, type SessionAnalysisColumns } from '../../workers/lap-columns';

/** processSession as it crosses from the worker: laps and analysis as typed columns (lap-columns.ts). */
type ProcessedSessionWire = Omit<ProcessedSession, 'laps' | 'analysis'> & { laps: LapRecordColumns; analysis: SessionAnalysisColumns };

const fromWire = (w: ProcessedSessionWire): ProcessedSession => ({ ...w, laps: decodeLapRecords(w.laps), analysis: decodeSessionAnalysis(w.analysis) });

export type { CoachedSession, ImportedFile, ImportFileInput, ProcessedSession };

/**
 * A worker as the bridge needs it: a Comlink endpoint that can be terminated.
 * @internal Exported for its tests.
 */
export type WorkerLike = Endpoint & { terminate(): void };

interface CallOptions {
  signal?: AbortSignal;
}

export interface AnalysisClient {
  /** `input.coach` computes the coach's figures with the analysis (the session screen's case: no columns cross twice). */
  processSession(input: ProcessSessionInput, options?: CallOptions): Promise<ProcessedSession>;
  parsePositions(nmea: Uint8Array, options?: CallOptions): Promise<ParsedPositions>;
  parseLaps(laps: string | Uint8Array, options?: CallOptions): Promise<ParsedLaps>;
  analyse(laps: LapRecord[], positions: PositionColumns | null, sessionIndex?: number, options?: CallOptions): Promise<SessionAnalysis>;
  /**
   * Lap detection from gates. The positions are copied into the worker (structured clone; the page keeps its
   * columns): cheap for a typical session, ~20 ms of main thread for a 7 h one.
   */
  detectLaps(positions: PositionColumns, gates: GatePoint[], widthM: number, detectOptions?: DetectLapsOptions, options?: CallOptions): Promise<LapDetection>;
  /**
   * Downsampled map traces and speed series of some laps (copies the positions into the worker; prefer
   * processSession's `views` option when the session is parsed anyway).
   */
  sessionViews(positions: PositionColumns, laps: ViewLap[], viewOptions?: SessionViewOptions, options?: CallOptions): Promise<SessionViews>;
  /** One lap against a reference lap (two small traces, e.g. from extractLapTrace). */
  compareLaps(lap: LapTrace, reference: LapTrace, compareOptions?: CompareLapsOptions, options?: CallOptions): Promise<LapComparison>;
  /**
   * The coach's session-wide figures (acceleration per fix, g-g envelopes, corners, drivable optimal, consistency).
   * The positions are copied into the worker like detectLaps' the first time, and read where the worker kept them
   * on later calls with the same columns object; the results come back as transferred typed arrays.
   */
  coachSession(positions: PositionColumns, laps: CoachingLapColumns, options?: CallOptions): Promise<CoachedSession>;
  /**
   * A session upload's request body, read and encoded in the worker (contracts/session-upload
   * `encodeSessionWrite`): Blobs go by reference, ArrayBuffer/Uint8Array texts are transferred (detached after the
   * call), the body's bytes come back transferred. Keeps a 7 h session's encoding off the main thread.
   */
  encodeSessionUpload(upload: SessionUpload, options?: CallOptions): Promise<EncodedSessionWrite>;
  /**
   * A picked file read, detected, timed and written as device texts in the worker (workers/import-api.ts). A File
   * goes by reference; bytes are transferred (detached after the call). Rejects with the ImportError that names
   * why a file is refused.
   */
  importFile(input: ImportFileInput, options?: CallOptions & { onProgress?: ImportProgressListener }): Promise<ImportedFile>;
  /**
   * A video's automatic sync from its GoPro telemetry (workers/video-sync-api.ts): the Files go by reference and
   * are read by parts in the worker; the session's time and speed columns are transferred (detached after the
   * call: pass copies).
   */
  syncVideo(input: VideoSyncInput, options?: CallOptions): Promise<VideoSyncOutcome>;
  /** Ends the worker now (pending calls reject); the next call starts a new one. */
  dispose(): void;
}

/**
 * An import's outcome as the caller sees it: the imported file, or the refusal thrown with its reason.
 * @internal Exported for the in-process test client (tests/helpers/direct-analysis-client.ts).
 */
export function unwrapImport(outcome: ImportOutcome): ImportedFile {
  if (outcome.ok) return outcome.imported;
  if (outcome.reason) throw new ImportError(outcome.reason, outcome.message, outcome.detail);
  throw new DomainError('invalid-argument', outcome.message);
}

/** The buffers of an upload's byte texts, for the transfer list (Blobs and strings are cloned cheaply). */
function uploadBuffers(upload: SessionUpload): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const t of [upload.coordinates, upload.laps]) {
    if (t instanceof ArrayBuffer) buffers.add(t);
    else if (t instanceof Uint8Array && t.buffer instanceof ArrayBuffer) buffers.add(t.buffer);
  }
  return [...buffers];
}

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

const aborted = () => new DomainError('aborted', 'The analysis was cancelled.');

/** Keys of the positions kept in a worker: unique in the page, so no worker ever mistakes one session for another. */
let keptCount = 0;

/** @internal Exported for its tests. */
export function createAnalysisClient(options: AnalysisClientOptions = {}): AnalysisClient {
  const createWorker = options.createWorker ?? defaultWorker;
  const idleMs = options.idleMs ?? WORKER_IDLE_MS;
  let worker: WorkerLike | null = null;
  let remote: Remote<AnalysisWorkerApi> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Rejects the running call when the worker dies or is terminated. */
  let failRunning: ((error: DomainError) => void) | null = null;
  /** The key each returned positions object is kept under in the worker (positions-cache.ts). */
  const keptKeys = new WeakMap<PositionColumns, string>();

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

  const ensureRemote = (): Remote<AnalysisWorkerApi> => {
    if (!worker || !remote) {
      const w = createWorker();
      w.addEventListener('error', () => {
        if (worker === w) terminate(new DomainError('worker-failed', 'The analysis worker stopped unexpectedly.'));
      });
      worker = w;
      remote = wrap<AnalysisWorkerApi>(w);
    }
    return remote;
  };

  const run = <T>(job: (api: Remote<AnalysisWorkerApi>) => Promise<T>, signal?: AbortSignal): Promise<T> => {
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
        let api: Remote<AnalysisWorkerApi>;
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

  return {
    processSession: (input, o) =>
      run(async (api) => fromWire((await api.processSession(transfer(input, [input.nmea.buffer as ArrayBuffer]))) as ProcessedSessionWire), o?.signal),
    parsePositions: (nmea, o) => run((api) => api.parsePositions(transfer(nmea, [nmea.buffer as ArrayBuffer])) as Promise<ParsedPositions>, o?.signal),
    parseLaps: (laps, o) => run((api) => api.parseLaps(laps) as Promise<ParsedLaps>, o?.signal),
    analyse: (laps, positions, sessionIndex = 0, o) =>
      run(async (api) => decodeSessionAnalysis((await api.analyse(laps, positions, sessionIndex)) as SessionAnalysisColumns), o?.signal),
    sessionViews: (positions, laps, v, o) => run((api) => api.sessionViews(positions, laps, v) as Promise<SessionViews>, o?.signal),
    detectLaps: (positions, gates, widthM, d, o) => run((api) => api.detectLaps(positions, gates, widthM, d) as Promise<LapDetection>, o?.signal),
    compareLaps: (lap, reference, c, o) => run((api) => api.compareLaps(lap, reference, c) as Promise<LapComparison>, o?.signal),
    coachSession: (positions, laps, o) =>
      run(async (api) => {
        let key = keptKeys.get(positions);
        const kept = key !== undefined ? ((await api.coachSession({ key }, laps)) as CoachedSession | null) : null;
        if (kept) return kept;
        // Not kept (or no longer): send them, and have the worker keep them for the next call on these columns.
        key ??= `positions-${++keptCount}`;
        keptKeys.set(positions, key);
        return (await api.coachSession({ key, positions }, laps)) as CoachedSession;
      }, o?.signal),
    encodeSessionUpload: (upload, o) =>
      run((api) => api.encodeSessionUpload(transfer(upload, uploadBuffers(upload))) as Promise<EncodedSessionWrite>, o?.signal),
    importFile: (input, o) =>
      run(async (api) => {
        // The listener stays on the page; the worker calls it through a proxy (a message a report, throttled there).
        const onProgress = o?.onProgress ? proxy(o.onProgress) : undefined;
        return unwrapImport((await api.importFile(transfer(input, input.file instanceof Uint8Array ? [input.file.buffer as ArrayBuffer] : []), onProgress)) as ImportOutcome);
      }, o?.signal),
    syncVideo: (input, o) =>
      run((api) => api.syncVideo(transfer(input, [...new Set([input.session.timeMs.buffer as ArrayBuffer, input.session.speedKmh.buffer as ArrayBuffer])])) as Promise<VideoSyncOutcome>, o?.signal),
    dispose: () => terminate(aborted()),
  };
}

let shared: AnalysisClient | null = null;

/** The app's shared client (the worker itself still starts only on the first call). */
export function getAnalysisClient(): AnalysisClient {
  shared ??= createAnalysisClient();
  return shared;
}

/**
 * The page's side of video exports: a queue (one export runs at a time, a second waits its turn), each in its own
 * worker (workers/video-export.worker.ts) that ends with it. While an export runs and for a minute after (while
 * the result is downloaded or saved) the page holds a Web Lock on its file; leftovers nobody holds (a cancelled
 * export, a closed tab) are removed before each export and at the app's next start (data/storage/export-files.ts).
 */
import { proxy, wrap, type Remote } from 'comlink';
import { exportLockName, exportsFolder, removeLeftoverExports } from '../../data/storage/export-files';
import type { VideoExportWorkerApi } from '../../../workers/video-export.worker';
import { ExportError } from './export-error';
import type { ExportJob, ExportProgress } from './export-types';
import type { FileExportResult } from './export-to-file';

/** How long a finished file stays locked for its download or save. */
const HANDOVER_MS = 60_000;
/** A cancelled worker that has not stopped by then is ended. */
const CANCEL_GRACE_MS = 3_000;

type ExportState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ExportTicket {
  id: number;
  /** The name the racer gets (session and laps). */
  downloadName: string;
  state: ExportState;
  progress: ExportProgress | null;
  /** When it started running (performance.now()), for the time left. */
  startedAt: number | null;
  result: (FileExportResult & { file: File }) | null;
  error: ExportError | null;
}

type Listener = () => void;

let nextId = 1;
const tickets: ExportTicket[] = [];
const listeners = new Set<Listener>();
const cancels = new Map<number, () => void>();
let queue: Promise<void> = Promise.resolve();

function changed(ticket: ExportTicket, patch: Partial<ExportTicket>): void {
  const i = tickets.findIndex((t) => t.id === ticket.id);
  if (i >= 0) tickets[i] = { ...tickets[i], ...patch };
  for (const l of listeners) l();
}

/** The exports of this page, oldest first (a new array after each change, for React's useSyncExternalStore). */
let snapshot: readonly ExportTicket[] = [];
export function exportTickets(): readonly ExportTicket[] {
  if (snapshot.length !== tickets.length || snapshot.some((t, i) => t !== tickets[i])) snapshot = [...tickets];
  return snapshot;
}

export function subscribeExports(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets a finished, failed or cancelled export (the list's close button). */
export function dismissExport(id: number): void {
  const i = tickets.findIndex((t) => t.id === id && t.state !== 'running' && t.state !== 'queued');
  if (i >= 0) tickets.splice(i, 1);
  for (const l of listeners) l();
}

/** Cancels a queued or running export; its partial file is removed. */
export function cancelExport(id: number): void {
  cancels.get(id)?.();
}

export interface ExportRequest {
  job: ExportJob;
  downloadName: string;
  /** Starts the worker (tests inject one). */
  createWorker?: () => Worker;
}

const defaultWorker = () => new Worker(new URL('../../../workers/video-export.worker.ts', import.meta.url), { type: 'module', name: 'video-export' });

/** Holds the file's lock until `release` resolves: a lock request that grants at once. */
function holdLock(name: string): Promise<() => void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return Promise.resolve(() => undefined);
  return new Promise((granted) => {
    void locks.request(name, () => new Promise<void>((release) => granted(() => release())));
  });
}

/** Queues an export; resolves with its ticket when it has finished (see the ticket's state). */
export function startExport(request: ExportRequest): ExportTicket {
  const ticket: ExportTicket = { id: nextId++, downloadName: request.downloadName, state: 'queued', progress: null, startedAt: null, result: null, error: null };
  tickets.push(ticket);
  let cancelled = false;
  let cancelRunning: (() => void) | null = null;
  cancels.set(ticket.id, () => {
    cancelled = true;
    if (cancelRunning) cancelRunning();
    else changed(ticket, { state: 'cancelled', error: new ExportError('aborted', 'The export was cancelled.') });
  });
  for (const l of listeners) l();
  queue = queue.then(async () => {
    if (cancelled) return;
    const fileName = `${crypto.randomUUID()}.${request.job.prefer === 'webm' ? 'webm' : 'mp4'}`;
    await removeLeftoverExports();
    const release = await holdLock(exportLockName(fileName));
    const worker = (request.createWorker ?? defaultWorker)();
    const api: Remote<VideoExportWorkerApi> = wrap(worker);
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      worker.terminate();
    };
    const aborted = new Promise<{ ok: false; failure: { code: 'aborted'; message: string; detail: string } }>((resolve) => {
      cancelRunning = () => {
        void api.cancel();
        // A worker stuck in a long decode is ended; its file is removed below.
        setTimeout(() => {
          stop();
          resolve({ ok: false, failure: { code: 'aborted', message: 'The export was cancelled.', detail: '' } });
        }, CANCEL_GRACE_MS);
      };
    });
    changed(ticket, { state: 'running', startedAt: performance.now(), progress: { framesDone: 0, framesTotal: 0 } });
    let keepLock = false;
    try {
      const outcome = await Promise.race([api.run(request.job, fileName, proxy((p: ExportProgress) => changed(ticket, { progress: p }))), aborted]);
      if (outcome.ok) {
        const folder = await exportsFolder();
        const file = await (await folder!.getFileHandle(fileName)).getFile();
        keepLock = true;
        changed(ticket, { state: 'done', result: { ...outcome.result, file } });
      } else {
        const { code, message, detail } = outcome.failure;
        changed(ticket, { state: code === 'aborted' ? 'cancelled' : 'failed', error: new ExportError(code, message, detail) });
      }
    } catch (e) {
      changed(ticket, { state: cancelled ? 'cancelled' : 'failed', error: new ExportError(cancelled ? 'aborted' : 'failed', e instanceof Error ? e.message : String(e)) });
    } finally {
      stop();
      cancels.delete(ticket.id);
      if (keepLock) setTimeout(release, HANDOVER_MS);
      else {
        release();
        // The worker removes its file when it stops by itself; a terminated one cannot.
        await removeLeftoverExports().catch(() => undefined);
      }
    }
  });
  return ticket;
}

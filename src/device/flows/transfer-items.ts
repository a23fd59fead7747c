/**
 * The download queue's per-session bookkeeping: each session's row (state, expected and received bytes, why it
 * failed) and the byte counts of the current run, from which the per-file and overall progress, the speed and the
 * time left are worked out. No protocol here: TransferQueue (transfer-queue.ts) decides, this keeps the figures.
 */
import type { Clock } from '../clock';
import type { FileKind } from '../protocol/replies';
import { addSample, estimateTransfer, type RateSample, type TransferEstimate } from './transfer-rate';

export type UploadState = 'Pending' | 'In Progress' | 'Uploading' | 'Completed' | 'Failed';

export type TransferFailureCode =
  | 'device-error'
  | 'gap'
  | 'repeat'
  | 'size-mismatch'
  | 'unexpected-reply'
  | 'too-large'
  | 'stopped'
  | 'write-failed'
  | 'save-failed'
  /** The sink ran out of storage space (it threw an error whose `code` is 'QUOTA_EXCEEDED'). */
  | 'storage-full'
  | 'timeout';

export interface TransferFailure {
  code: TransferFailureCode;
  /** Device error code, chunk numbers, byte counts: for the message and the log. */
  detail: string;
}

export interface QueueItem {
  filename: string;
  state: UploadState;
  /** Expected bytes of each part: from SESSION_NAME, then from BOF. */
  lapsBytes: number;
  nmeaBytes: number;
  receivedBytes: number;
  failure?: TransferFailure;
}

export interface QueueRequest {
  filename: string;
  lapsBytes: number;
  nmeaBytes: number;
}

/** The sessions' rows by file name and the figures of the current run (a run: from idle to idle again). */
export class TransferItems {
  private readonly items = new Map<string, QueueItem>();
  /** Bytes of items that left this run (done or failed), for the overall progress. */
  private runDoneBytes = 0;
  private runTotalBytes = 0;
  /** Bytes actually received in this run, sampled on the clock for the speed and time left. */
  private runReceivedBytes = 0;
  private samples: RateSample[] = [];

  constructor(private readonly clock: Clock) {}

  get(filename: string): QueueItem | undefined {
    return this.items.get(filename);
  }

  all(): QueueItem[] {
    return [...this.items.values()];
  }

  /** Whether a request for this session is to be left alone: it is pending, running, being saved or done. */
  isQueuedOrDone(filename: string): boolean {
    const state = this.items.get(filename)?.state;
    return state === 'Pending' || state === 'In Progress' || state === 'Uploading' || state === 'Completed';
  }

  /** A new run starts (the queue was idle): its counts start from zero, now. */
  startRun(): void {
    this.runDoneBytes = 0;
    this.runTotalBytes = 0;
    this.runReceivedBytes = 0;
    this.samples = [{ atMs: this.clock.now(), bytes: 0 }];
  }

  /** A Pending row for the request, counted in the run's total. */
  add(r: QueueRequest): void {
    this.items.set(r.filename, { filename: r.filename, state: 'Pending', lapsBytes: r.lapsBytes, nmeaBytes: r.nmeaBytes, receivedBytes: 0 });
    this.runTotalBytes += r.lapsBytes + r.nmeaBytes;
  }

  /** Drops a row that is not done (the queue was stopped before it started). */
  drop(filename: string): void {
    this.items.delete(filename);
  }

  /** Removes a finished or failed row (e.g. after delete from device). */
  forget(filename: string): void {
    const item = this.items.get(filename);
    if (item && (item.state === 'Completed' || item.state === 'Failed')) this.items.delete(filename);
  }

  /** Every row and count gone (a disconnect). */
  clear(): void {
    this.items.clear();
    this.samples = [];
    this.runDoneBytes = 0;
    this.runTotalBytes = 0;
  }

  /** The item left the run (received whole, or failed): its bytes count as done. */
  countDone(item: QueueItem): void {
    this.runDoneBytes += item.lapsBytes + item.nmeaBytes;
  }

  /** BOF's total is authoritative: the item's expected size of that part, and the run's total, follow it. */
  setPartTotal(item: QueueItem, kind: FileKind, total: number): void {
    const before = kind === 'laps' ? item.lapsBytes : item.nmeaBytes;
    this.runTotalBytes += total - before;
    if (kind === 'laps') item.lapsBytes = total;
    else item.nmeaBytes = total;
  }

  /** A chunk of `bytes` arrived for the item. */
  received(item: QueueItem, bytes: number): void {
    item.receivedBytes += bytes;
    this.runReceivedBytes += bytes;
    addSample(this.samples, { atMs: this.clock.now(), bytes: this.runReceivedBytes });
  }

  /** Per-file progress 0..100 (capped). */
  progressOf(filename: string): number {
    const item = this.items.get(filename);
    if (!item) return 0;
    if (item.state === 'Completed' || item.state === 'Uploading') return 100;
    const total = item.lapsBytes + item.nmeaBytes;
    return total > 0 ? Math.min(100, (100 * item.receivedBytes) / total) : 0;
  }

  /** Speed and time left, `currentBytes` being what the running item has received so far. */
  estimate(currentBytes: number): TransferEstimate | null {
    return estimateTransfer(this.samples, this.runTotalBytes - this.runDoneBytes - currentBytes);
  }

  /** Overall progress of the run 0..100 (capped), `currentBytes` being what the running item has received. */
  overallProgress(currentBytes: number): number {
    if (this.runTotalBytes <= 0) return 0;
    return Math.min(100, (100 * (this.runDoneBytes + currentBytes)) / this.runTotalBytes);
  }
}

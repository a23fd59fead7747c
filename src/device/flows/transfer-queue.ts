/**
 * The session download queue (docs/device-protocol.md, 'File transfer'). Policy only: the link, the sink and
 * the change callback are parameters.
 *
 * Each session is queued once. For the head of the queue: GET_SESSION_LAPS, then GET_SESSION_NMEA; after BOF
 * every DATA chunk is checked (numbered from 0, no gap, no repeat, never beyond BOF's total), copied into a
 * buffer sized from BOF, and the next chunk is requested at once. EOF must agree (total bytes, highest chunk).
 * On the nmea EOF the complete files go to `sink.save()` before anything else. An ERROR, a check failure or a
 * failed save marks that session Failed and the queue goes on; stop clears the queue, sends
 * STOP_SESSION_TRANSFER and fails the current one; reset (a disconnect) drops everything, saving nothing.
 * The rows and byte counts it reports from are kept in transfer-items.ts.
 */
import { commands } from '../protocol/commands';
import type { FileKind, Reply } from '../protocol/replies';
import type { SessionSink } from '../sink';
import { realClock, type Clock } from '../clock';
import type { DeviceLink } from './device-link';
import type { TransferEstimate } from './transfer-rate';
import { TransferItems, type QueueItem, type QueueRequest, type TransferFailure, type TransferFailureCode } from './transfer-items';

/**
 * A transfer with no reply at all for this long fails (the device may have lost a notification; the link stays
 * up, so without this the queue would wait forever). Far above a BLE round trip (~15-100 ms).
 */
const STALL_TIMEOUT_MS = 15_000;

/** Refuses BOF totals above this (a 7 h session's nmea is ~25 MB). */
const MAX_FILE_BYTES = 128 * 1024 * 1024;

interface Part {
  kind: FileKind;
  /** 'bof' until BOF arrives, then 'data'. */
  phase: 'bof' | 'data';
  total: number;
  buffer: Uint8Array;
  received: number;
  nextIndex: number;
}

interface Current {
  item: QueueItem;
  part: Part;
  laps?: Uint8Array;
}

export type QueueEvent =
  | { type: 'session-failed'; filename: string; failure: TransferFailure }
  | { type: 'session-saved'; filename: string }
  | { type: 'queue-finished' };

export class TransferQueue {
  private readonly items: TransferItems;
  private readonly waiting: string[] = [];
  private current: Current | null = null;
  private saving = false;
  /** A finished session handed to the sink that the sink has not reported kept yet. */
  private unstored = false;
  /** Bumped by reset(): work that started before a disconnect must not touch the new state. */
  private generation = 0;
  /** Replies handled for the current session, watched by the stall watchdog. */
  private activity = 0;

  constructor(
    private readonly link: DeviceLink,
    private readonly sink: SessionSink,
    private readonly changed: () => void,
    private readonly emit: (event: QueueEvent) => void = () => undefined,
    private readonly clock: Clock = realClock,
    private readonly stallMs = STALL_TIMEOUT_MS,
  ) {
    this.items = new TransferItems(clock);
  }

  get busy(): boolean {
    return this.current !== null || this.saving || this.waiting.length > 0;
  }

  item(filename: string): QueueItem | undefined {
    return this.items.get(filename);
  }

  allItems(): QueueItem[] {
    return this.items.all();
  }

  /** Per-file progress 0..100 (capped). */
  progressOf(filename: string): number {
    return this.items.progressOf(filename);
  }

  /**
   * Whether closing the tab now would lose something: a session queued or being received, or one received but
   * not yet kept by the sink. Once kept (IndexedDB), the slower analysis and the upload lose nothing.
   */
  hasUnsavedWork(): boolean {
    return this.current !== null || this.waiting.length > 0 || this.unstored;
  }

  /** Speed and time left of the running download (null before there is enough to measure, or when idle). */
  estimate(): TransferEstimate | null {
    if (!this.current && this.waiting.length === 0) return null;
    return this.items.estimate(this.current ? this.current.item.receivedBytes : 0);
  }

  /** Overall progress of the current run 0..100 (capped), or null when no transfer runs. */
  overallProgress(): number | null {
    if (!this.busy) return null;
    return this.items.overallProgress(this.current ? this.current.item.receivedBytes : 0);
  }

  /** Queues sessions (each once: one already pending or running is left alone); starts if idle. */
  enqueue(requests: QueueRequest[]): void {
    let added = false;
    for (const r of requests) {
      if (this.items.isQueuedOrDone(r.filename)) continue;
      if (!this.busy) this.items.startRun();
      this.items.add(r);
      this.waiting.push(r.filename);
      added = true;
    }
    if (added) {
      this.changed();
      if (!this.current && !this.saving) void this.next();
    }
  }

  /** Stop transfer: clear the queue, STOP_SESSION_TRANSFER, the current session Failed. */
  async stop(): Promise<void> {
    for (const f of this.waiting.splice(0)) this.items.drop(f);
    const current = this.current;
    this.current = null;
    if (current) this.fail(current.item, { code: 'stopped', detail: 'Transfer stopped' });
    await this.link.send(commands.stopSessionTransfer());
    this.finishIfIdle();
    this.changed();
  }

  /** A disconnect: forget everything, save nothing. */
  /** Sessions whose download is queued or running (not yet fully received), in queue order. */
  unfinished(): string[] {
    return [...(this.current ? [this.current.item.filename] : []), ...this.waiting];
  }

  reset(): void {
    this.generation++;
    this.saving = false;
    this.unstored = false;
    this.items.clear();
    this.waiting.length = 0;
    this.current = null;
    this.changed();
  }

  /** Removes a finished or failed row (e.g. after delete from device). */
  forget(filename: string): void {
    this.items.forget(filename);
  }

  private async next(): Promise<void> {
    const filename = this.waiting.shift();
    if (filename === undefined) {
      this.finishIfIdle();
      return;
    }
    const item = this.items.get(filename);
    if (!item) return this.next();
    item.state = 'In Progress';
    item.receivedBytes = 0;
    const current: Current = { item, part: this.newPart('laps') };
    this.current = current;
    this.changed();
    void this.watch(current);
    if (!(await this.link.send(commands.getSessionLaps(filename)))) this.failCurrent('write-failed', 'GET_SESSION_LAPS');
  }

  /** Fails the session when a whole stall period passes without a single reply for it. */
  private async watch(current: Current): Promise<void> {
    let seen = this.activity;
    while (this.current === current) {
      await this.clock.sleep(this.stallMs);
      if (this.current !== current) return;
      if (this.activity === seen) return this.failCurrent('timeout', `no reply for ${this.stallMs} ms`);
      seen = this.activity;
    }
  }

  private newPart(kind: FileKind): Part {
    return { kind, phase: 'bof', total: 0, buffer: new Uint8Array(0), received: 0, nextIndex: 0 };
  }

  private finishIfIdle(): void {
    if (!this.busy) this.emit({ type: 'queue-finished' });
  }

  private fail(item: QueueItem, failure: TransferFailure, counted = false): void {
    item.state = 'Failed';
    item.failure = failure;
    if (!counted) this.items.countDone(item);
    this.emit({ type: 'session-failed', filename: item.filename, failure });
  }

  /** Fails the running session; unless the device itself gave up, tells it to abandon the file. Then goes on. */
  private failCurrent(code: TransferFailureCode, detail: string): void {
    const current = this.current;
    if (!current) return;
    this.current = null;
    this.fail(current.item, { code, detail });
    this.changed();
    void (async () => {
      if (code !== 'device-error' && code !== 'write-failed') await this.link.send(commands.skipSessionTransfer());
      await this.next();
    })();
  }

  /** A notification that did not decode: during a transfer it can only have been a chunk, so the session fails. */
  handleMalformed(detail: string): boolean {
    if (!this.current) return false;
    this.activity++;
    this.failCurrent('unexpected-reply', `malformed reply '${detail}'`);
    return true;
  }

  /** Feeds one reply; returns true when the queue consumed it. */
  handle(reply: Reply): boolean {
    const current = this.current;
    if (current) this.activity++;
    switch (reply.type) {
      case 'data':
        if (!current || current.part.phase !== 'data') return false;
        this.onData(current, reply.index, reply.payload);
        return true;
      case 'bof':
        if (!current) return false;
        this.onBof(current, reply.filename, reply.kind, reply.totalBytes);
        return true;
      case 'eof':
        if (!current) return false;
        this.onEof(current, reply.filename, reply.kind, reply.totalBytes, reply.highestChunk);
        return true;
      case 'error':
        if (!current) return false;
        this.failCurrent('device-error', reply.code);
        return true;
      default:
        return false;
    }
  }

  private onBof(current: Current, filename: string, kind: FileKind, total: number): void {
    const part = current.part;
    if (filename !== current.item.filename || kind !== part.kind || part.phase !== 'bof') {
      return this.failCurrent('unexpected-reply', `BOF ${kind} of ${filename}`);
    }
    if (total > MAX_FILE_BYTES) return this.failCurrent('too-large', `${total} bytes`);
    part.phase = 'data';
    part.total = total;
    part.buffer = new Uint8Array(total);
    this.items.setPartTotal(current.item, kind, total);
    this.changed();
  }

  private onData(current: Current, index: number, payload: Uint8Array): void {
    const part = current.part;
    if (index !== part.nextIndex) {
      return this.failCurrent(index < part.nextIndex ? 'repeat' : 'gap', `chunk ${index}, expected ${part.nextIndex}`);
    }
    if (part.received + payload.length > part.total) {
      return this.failCurrent('size-mismatch', `more than the ${part.total} bytes announced`);
    }
    part.buffer.set(payload, part.received);
    part.received += payload.length;
    part.nextIndex++;
    this.items.received(current.item, payload.length);
    // Ask for the next chunk at once: the link, not the app, must be the limit.
    void this.link.send(commands.getSessionData()).then((ok) => {
      if (!ok && this.current === current) this.failCurrent('write-failed', 'GET_SESSION_DATA');
    });
    this.changed();
  }

  private onEof(current: Current, filename: string, kind: FileKind, total: number, highest: number): void {
    const part = current.part;
    if (filename !== current.item.filename || kind !== part.kind || part.phase !== 'data') {
      return this.failCurrent('unexpected-reply', `EOF ${kind} of ${filename}`);
    }
    if (highest !== part.nextIndex - 1) return this.failCurrent('gap', `last chunk ${highest}, received up to ${part.nextIndex - 1}`);
    if (total !== part.total || part.received !== part.total) {
      return this.failCurrent('size-mismatch', `${part.received} of ${part.total} bytes`);
    }
    if (kind === 'laps') {
      current.laps = part.buffer;
      current.part = this.newPart('nmea');
      this.changed();
      void this.link.send(commands.getSessionNmea(filename)).then((ok) => {
        if (!ok && this.current === current) this.failCurrent('write-failed', 'GET_SESSION_NMEA');
      });
      return;
    }
    this.complete(current, current.laps ?? new Uint8Array(0), part.buffer);
  }

  private complete(current: Current, laps: Uint8Array, nmea: Uint8Array): void {
    const item = current.item;
    // The sink first, before any state change or network call: the session must be stored whatever follows.
    const generation = this.generation;
    this.unstored = true;
    const stored = () => {
      if (generation !== this.generation || !this.unstored) return;
      this.unstored = false;
      this.changed();
    };
    const saved = this.sink.save({ filename: item.filename, laps, nmea }, stored);
    this.current = null;
    this.saving = true;
    item.state = 'Uploading';
    this.items.countDone(item);
    this.changed();
    void saved.then(
      () => {
        item.state = 'Completed';
        if (generation !== this.generation) return;
        this.emit({ type: 'session-saved', filename: item.filename });
      },
      (error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code === 'QUOTA_EXCEEDED' ? 'storage-full' : 'save-failed';
        if (generation === this.generation) this.fail(item, { code, detail: error instanceof Error ? error.message : String(error) }, true);
      },
    ).finally(() => {
      if (generation !== this.generation) return;
      this.saving = false;
      this.unstored = false;
      // A reset (disconnect) during the save leaves the queue empty; otherwise go on.
      this.changed();
      void this.next();
    });
  }
}

import { messageOf } from '../../contracts/messages';
import type { OutboxEntry } from '../db/rows';
import { LEASE_MS, PARKED_AT, decideAfterFailure } from './sync-policy';
import type { NetworkStatus, SyncClock, SyncEvent, SyncStore, SyncTransport } from './sync-types';

/**
 * The sync engine: sends the outbox (POST /sessions, PUT, PATCH and DELETE /sessions/{id}) whenever it can.
 *
 * Triggers: `start()` (app start), the online event, `kick()` (a write was queued, the retry button, a
 * Background Sync event relayed by the service worker) and a timer set to the next entry's retry time
 * (exponential backoff with jitter, sync-policy.ts).
 *
 * Exactly once: an entry leaves the outbox only after the server confirmed it, so a failed or interrupted upload
 * is sent again - and the server deduplicates POST /sessions on (user, filename), so a resent session never
 * becomes a second one. While an entry is being sent it is leased (LEASE_MS) so another tab or a second run does
 * not send it in parallel; a tab closed mid-upload leaves a lease that runs out, or that the next runner holding the
 * cross-tab lock takes over at once (only a runner inside that lock can hold a lease, so it is a dead one's).
 *
 * Runs are single-flight: a trigger during a run makes one more run afterwards (nothing queued mid-run is
 * missed). Only the signed-in user's entries are sent. Per-session state lives in the session rows (Pending /
 * In Progress / Completed / Failed + lastError), so screens observe it with liveQuery.
 */
export interface SyncEngineDeps {
  store: SyncStore;
  transport: SyncTransport;
  clock: SyncClock;
  network: NetworkStatus;
  currentUserId: () => number | null;
  random?: () => number;
  /**
   * Runs `fn` only if this tab gets the cross-tab sync lock (navigator.locks); returns false when another tab holds
   * it. `exclusive` is true when the lock really is exclusive (the Web Locks API exists): then no other runner can
   * be sending, and a lease left in the outbox belongs to a tab that closed mid-upload.
   */
  withLock?: (fn: (exclusive: boolean) => Promise<void>) => Promise<boolean>;
}

export class SyncEngine {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private stopOnline: (() => void) | null = null;
  private listeners = new Set<(e: SyncEvent) => void>();
  private abort: AbortController | null = null;
  private stopped = false;
  private listening = false;

  constructor(private readonly deps: SyncEngineDeps) {}

  /** Observe uploads, conflicts (show a notice), failures and sign-outs; returns the unsubscribe. */
  subscribe(listener: (e: SyncEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: SyncEvent): void {
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // A listener's failure never stops the queue.
      }
    }
  }

  /** App start: listen to the online event and run now. */
  start(): Promise<void> {
    this.stopped = false;
    if (!this.listening) {
      this.listening = true;
      this.stopOnline = this.deps.network.onOnline(() => void this.kick());
    }
    return this.kick();
  }

  /** Stops timers and listeners and cancels a request in flight (its entry is released and resent later). */
  stop(): void {
    this.stopped = true;
    this.listening = false;
    this.stopOnline?.();
    this.stopOnline = null;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
  }

  /** Runs the queue now (or once more right after the run in progress). Resolves when the queue is idle. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          try {
            await this.runGuarded();
          } catch (e) {
            // Never reject to the triggers (online event, timers): report and wait for the next trigger.
            this.emit({ type: 'error', message: e instanceof Error ? e.message : String(e) });
          }
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no run is in progress (tests, the service worker). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async runGuarded(): Promise<void> {
    const ownerId = this.deps.currentUserId();
    if (ownerId === null) return;
    if (this.deps.withLock) {
      const ran = await this.deps.withLock((exclusive) => this.runOnce(ownerId, exclusive));
      if (!ran) await this.schedule(ownerId, this.deps.clock.now() + LEASE_MS / 4);
      return;
    }
    await this.runOnce(ownerId);
  }

  /** `exclusive`: this run holds the cross-tab lock, so every lease it finds is a dead runner's (taken over now). */
  private async runOnce(ownerId: number, exclusive = false): Promise<void> {
    const { store, clock } = this.deps;
    if (!this.deps.network.isOnline()) {
      // Surely offline: the online event restarts us; no timer needed.
      return;
    }
    await store.recoverStale(ownerId, clock.now(), exclusive);
    const entries = await store.dueEntries(ownerId, clock.now());
    for (const entry of entries) {
      if (this.stopped || this.deps.currentUserId() !== ownerId) return;
      const outcome = await this.process(entry);
      if (outcome === 'stop') break;
    }
    await this.schedule(ownerId);
  }

  private async schedule(ownerId: number, at?: number): Promise<void> {
    if (this.stopped) return;
    const next = at ?? (await this.deps.store.nextDueAt(ownerId));
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.emit({ type: 'idle', nextDueAt: next });
    if (next === null || next >= PARKED_AT) return;
    const delay = Math.max(0, next - this.deps.clock.now());
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, delay);
  }

  /** Sends one entry. 'stop' ends this run (offline, signed out). */
  private async process(entry: OutboxEntry): Promise<'next' | 'stop'> {
    const { store, transport, clock } = this.deps;
    const now = clock.now();
    let ref: Awaited<ReturnType<SyncStore['serverRef']>> = null;
    if (entry.kind === 'patch-session' || entry.kind === 'replace-session') {
      ref = await store.serverRef(entry);
      // Not on the server yet: the patch or PUT waits for the create in flight (which carries the fields anyway).
      // Deferred, not left due: a create that failed or is parked must not make the queue re-run at once, forever;
      // the create's success makes it due again (completeCreate).
      if (ref && ref.serverId === null) {
        await store.defer(entry, now + LEASE_MS);
        return 'next';
      }
    }
    if (!(await store.lease(entry.id, now, now + LEASE_MS))) return 'next';
    this.abort = new AbortController();
    const signal = this.abort.signal;
    try {
      if (entry.kind === 'create-session') {
        const body = await store.createBody(entry);
        if (!body) {
          await store.completeDelete(entry);
          return 'next';
        }
        await store.setSessionState(entry.sessionLocalId, 'In Progress', null);
        const summary = await transport.create(body, signal);
        await store.completeCreate(entry, summary);
        this.emit({ type: 'uploaded', localId: entry.sessionLocalId, name: summary.name, serverId: summary.id });
      } else if (entry.kind === 'replace-session') {
        const body = ref && ref.serverId !== null ? await store.createBody(entry) : null;
        if (!ref || ref.serverId === null || !body) {
          await store.completeDelete(entry);
          return 'next';
        }
        await store.setSessionState(entry.sessionLocalId, 'In Progress', null);
        const summary = await transport.replace(ref.serverId, body, signal);
        await store.completeReplace(entry, summary);
        this.emit({ type: 'updated', localId: entry.sessionLocalId, name: summary.name });
      } else if (entry.kind === 'patch-session') {
        if (!ref || ref.serverId === null || !entry.patch) {
          await store.completeDelete(entry);
          return 'next';
        }
        const result = await transport.patch(ref.serverId, { ...entry.patch, ...(ref.serverUpdatedAt ? { baseUpdatedAt: ref.serverUpdatedAt } : {}) }, signal);
        await store.completePatch(entry, result);
        this.emit(result.conflict ? { type: 'conflict', localId: entry.sessionLocalId, name: result.name } : { type: 'updated', localId: entry.sessionLocalId, name: result.name });
      } else {
        const serverId = entry.serverId ?? (await transport.findServerId(entry.filename, signal));
        if (serverId !== null) await transport.remove(serverId, signal);
        await store.completeDelete(entry);
        this.emit({ type: 'deleted', filename: entry.filename });
      }
      return 'next';
    } catch (error) {
      return await this.failed(entry, error);
    } finally {
      this.abort = null;
    }
  }

  private async failed(entry: OutboxEntry, error: unknown): Promise<'next' | 'stop'> {
    const { store, clock } = this.deps;
    const attempts = entry.attempts + 1;
    const decision = decideAfterFailure(entry.kind, error, attempts, (this.deps.random ?? Math.random)());
    switch (decision.action) {
      case 'done':
        await store.completeDelete(entry);
        return 'next';
      case 'signed-out':
        await store.release(entry);
        if (entry.kind !== 'delete-session') await store.setSessionState(entry.sessionLocalId, 'Pending', messageOf('signInToUpload'));
        this.emit({ type: 'signed-out' });
        return 'stop';
      case 'retry':
        await store.failEntry(entry, { attempts, nextAttemptAt: clock.now() + decision.delayMs, lastError: decision.message });
        if (entry.kind !== 'delete-session') await store.setSessionState(entry.sessionLocalId, decision.state, decision.message);
        if (decision.state === 'Failed') this.emit({ type: 'failed', localId: entry.sessionLocalId, message: decision.message, willRetry: true });
        return decision.stopRun ? 'stop' : 'next';
      case 'park':
        await store.failEntry(entry, { attempts, nextAttemptAt: PARKED_AT, lastError: decision.message });
        if (entry.kind !== 'delete-session') await store.setSessionState(entry.sessionLocalId, 'Failed', decision.message);
        this.emit({ type: 'failed', localId: entry.sessionLocalId, message: decision.message, willRetry: false });
        return 'next';
    }
  }
}

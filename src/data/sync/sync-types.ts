import type { Message } from '../../contracts/messages';
import type { SessionSummary } from '../../contracts/entities';
import type { SessionUpload } from '../../contracts/session-upload';
import type { SessionPatch, SessionPatchResult } from '../api/sessions-api';
import type { OutboxEntry, SyncState } from '../db/rows';

/** The IO the sync engine needs, injected so tests replace each part. */

export interface SyncTransport {
  /** POST /sessions. The texts come as stored (Blobs): reading and encoding them is the transport's job. */
  create(body: SessionUpload, signal?: AbortSignal): Promise<SessionSummary>;
  /** PUT /sessions/{id}: the whole stored session (texts as stored, like create). */
  replace(serverId: number, body: SessionUpload, signal?: AbortSignal): Promise<SessionSummary>;
  patch(serverId: number, body: SessionPatch, signal?: AbortSignal): Promise<SessionPatchResult>;
  remove(serverId: number, signal?: AbortSignal): Promise<void>;
  /** The server id of the user's session with this file name, or null (a delete whose create never reported back). */
  findServerId(filename: string, signal?: AbortSignal): Promise<number | null>;
}

export interface SyncClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface NetworkStatus {
  /** navigator.onLine: false means surely offline; true means maybe online. */
  isOnline(): boolean;
  /** Calls `listener` on the online event; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
}

export interface SyncStore {
  /** Entries of `ownerId` due at `now` and not leased, oldest first. */
  dueEntries(ownerId: number, now: number): Promise<OutboxEntry[]>;
  /** Atomically takes the entry if nobody holds it; false when it is gone or held (another tab). */
  lease(entryId: number, now: number, until: number): Promise<boolean>;
  /** The POST (or PUT) body of a create (or replace) entry with its texts as stored (not read yet), or null when its session is gone. */
  createBody(entry: OutboxEntry): Promise<SessionUpload | null>;
  /** The server id and base updatedAt of the entry's session (null id: not uploaded yet). */
  serverRef(entry: OutboxEntry): Promise<{ serverId: number | null; serverUpdatedAt: string | null; name: string } | null>;
  setSessionState(localId: number, state: SyncState, lastError: Message | null): Promise<void>;
  completeCreate(entry: OutboxEntry, summary: SessionSummary): Promise<void>;
  completePatch(entry: OutboxEntry, result: SessionPatchResult): Promise<void>;
  /** Records a PUT's answer; the entry stays (due again) when the session's texts changed again meanwhile. */
  completeReplace(entry: OutboxEntry, summary: SessionSummary): Promise<void>;
  completeDelete(entry: OutboxEntry): Promise<void>;
  /** Records a failure: releases the lease, sets the retry time (Infinity parks it) and the message. */
  failEntry(entry: OutboxEntry, update: { attempts: number; nextAttemptAt: number; lastError: Message }): Promise<void>;
  /** Makes the entry due only at `until` (a PATCH or PUT waiting for its session's upload), counting no failure. */
  defer(entry: OutboxEntry, until: number): Promise<void>;
  /** Releases the entry's lease without counting a failure. */
  release(entry: OutboxEntry): Promise<void>;
  /**
   * Sessions left 'In Progress' by a runner that died (closed tab): back to Pending once their lease ran out, or at
   * once with `takeOverLeases` (the caller holds the exclusive cross-tab lock, so no live runner holds a lease).
   */
  recoverStale(ownerId: number, now: number, takeOverLeases?: boolean): Promise<number>;
  /** Earliest time an entry of `ownerId` becomes due (lease end or retry time), or null when none is waiting. */
  nextDueAt(ownerId: number): Promise<number | null>;
}

export type SyncEvent =
  | { type: 'uploaded'; localId: number; name: string; serverId: number }
  | { type: 'updated'; localId: number; name: string }
  | { type: 'conflict'; localId: number; name: string }
  | { type: 'deleted'; filename: string }
  | { type: 'failed'; localId: number; message: Message; willRetry: boolean }
  | { type: 'signed-out' }
  /** The local store failed (IndexedDB unavailable...): the run stopped; the next trigger tries again. */
  | { type: 'error'; message: string }
  | { type: 'idle'; nextDueAt: number | null };

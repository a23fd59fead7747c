import { messageOf, messageOfError, type Message } from '../../contracts/messages';
import { ApiError } from '../api/api-error';
import type { OutboxKind, SyncState } from '../db/rows';
import { StorageError } from '../storage/storage-error';

/**
 * The sync queue's decisions, apart from any IO (tldraw's policy-vs-IO split): how long to wait before a retry,
 * and what a failure means for the queued write. Pure functions; the engine applies them.
 */

/**
 * First retry delay: long enough not to hammer a server that just failed, short enough to feel automatic.
 * @internal Exported for its tests.
 */
export const BACKOFF_BASE_MS = 2_000;
/**
 * Retry delay ceiling: a racer back home should not wait more than ~5 minutes for the upload to start by itself.
 * @internal Exported for its tests.
 */
export const BACKOFF_MAX_MS = 5 * 60_000;
/**
 * How long a runner holds an entry while sending it. Longer than the upload time limit (5 min), so a slow but
 * live upload is never sent twice in parallel; a tab closed mid-upload loses the lease after this and the next
 * runner resends (the server deduplicates on (user, filename), so the resend cannot create a second session).
 */
export const LEASE_MS = 6 * 60_000;
/** `nextAttemptAt` of an entry waiting for the user's retry (a finite number: IndexedDB rows are zod-checked). */
export const PARKED_AT = Number.MAX_SAFE_INTEGER;

/**
 * Exponential backoff with jitter: min(max, base * 2^(attempts-1)), scaled by a random factor in [0.5, 1) so that
 * many clients coming back online at once do not retry in lockstep. `attempts` counts failures so far (>= 1).
 * @internal Exported for its tests.
 */
export function backoffDelayMs(attempts: number, random: number): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(exp * (0.5 + r / 2));
}

export type FailureDecision =
  /** Try again after `delayMs`; show `state` with `message` meanwhile. `stopRun`: the rest of the queue waits too. */
  | { action: 'retry'; delayMs: number; state: SyncState; message: Message; stopRun: boolean }
  /** Needs the user: shown as Failed with `message` until they press retry. */
  | { action: 'park'; state: 'Failed'; message: Message }
  /** The write has nothing left to do (e.g. deleting what is already gone). */
  | { action: 'done' }
  /** The server no longer accepts this login: stop, keep the entry for the next sign-in. */
  | { action: 'signed-out' };

/** What a failure of one queued write means (attempts = failures including this one). */
export function decideAfterFailure(kind: OutboxKind, error: unknown, attempts: number, random: number): FailureDecision {
  const delayMs = backoffDelayMs(attempts, random);
  // A damaged local store does not mend itself: parked and shown, kept for the user (who can download it again).
  if (error instanceof StorageError && error.code === 'CORRUPT') return { action: 'park', state: 'Failed', message: messageOfError(error) };
  if (!(error instanceof ApiError)) return { action: 'retry', delayMs, state: 'Failed', message: messageOfError(error), stopRun: false };
  if (error.code === 'NETWORK') return { action: 'retry', delayMs, state: 'Pending', message: messageOf('waitingForConnection'), stopRun: true };
  if (error.code === 'ABORTED') return { action: 'retry', delayMs: 0, state: 'Pending', message: messageOf('cancelled'), stopRun: true };
  if (error.status === 401) return { action: 'signed-out' };
  if (error.status === 404 && kind === 'delete-session') return { action: 'done' };
  // A rate limit (429: uploads per hour, a busy server) meets the rest of the queue too: it all waits.
  if (error.transient) return { action: 'retry', delayMs, state: 'Failed', message: messageOfError(error), stopRun: error.code === 'TIMEOUT' || error.status === 503 || error.status === 429 };
  return { action: 'park', state: 'Failed', message: messageOfError(error) };
}

import type { OutboxEntry } from '../db/rows';
import { PARKED_AT } from './sync-policy';

/**
 * Earliest time one of the entries becomes due: the later of its retry time and its lease's end. Parked entries
 * (waiting for the user, not for a time) count for nothing; null when none is waiting.
 */
export function earliestDueAt(entries: readonly Pick<OutboxEntry, 'nextAttemptAt' | 'leaseUntil'>[]): number | null {
  let next: number | null = null;
  for (const e of entries) {
    const at = Math.max(e.nextAttemptAt, e.leaseUntil);
    if (at >= PARKED_AT) continue;
    next = next === null ? at : Math.min(next, at);
  }
  return next;
}

import type { LocalSession } from '../db/rows';

type Listed = Pick<LocalSession, 'date' | 'localId'>;

/** Sessions newest first: by date, and the later stored first on the same date. */
export function newestFirst(a: Listed, b: Listed): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : b.localId - a.localId;
}

/** How many sessions are in each sync state (every state counted, zero included). */
export function syncStateCounts(sessions: readonly Pick<LocalSession, 'syncState'>[]): Record<LocalSession['syncState'], number> {
  const counts: Record<LocalSession['syncState'], number> = { Pending: 0, 'In Progress': 0, Completed: 0, Failed: 0 };
  for (const s of sessions) counts[s.syncState]++;
  return counts;
}

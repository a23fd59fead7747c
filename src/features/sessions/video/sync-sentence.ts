/** The sentence under the player saying how its video is synced: not at all, by the racer's marks, or how it was found. */
import type { VideoRow } from '../../../data/services';

export interface SyncSentence {
  /** The key among the video texts' `sync` sentences. */
  key: `sync.${NonNullable<VideoRow['sync']>['method'] | 'none'}`;
  /** The marks' count, for 'Synced by N marks'. */
  values?: { count: number };
}

export function syncSentence(row: Pick<VideoRow, 'sync' | 'marks'>): SyncSentence {
  if (!row.sync) return { key: 'sync.none' };
  if (row.sync.method === 'marks') return { key: 'sync.marks', values: { count: row.marks.length } };
  return { key: `sync.${row.sync.method}` };
}

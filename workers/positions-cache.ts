/**
 * Position columns the analysis worker keeps after a coachSession that had them sent, by a key the page chose, so a
 * later call on the same columns reads them here instead of having them sent again: a 7 h session's columns are
 * ~25 MB, and structured-cloning them into the worker cost the user ~0.4 s per call. (The session screen's coaching
 * comes with its analysis instead: processSession's `coach`.)
 *
 * Bounded to the last `capacity` sessions (2: the comparison screen shows two), least recently used out first; the
 * worker's memory goes with it after its idle time anyway. A miss is normal (the worker was restarted, or the entry
 * was evicted): the caller then sends the columns, and they are kept again under the same key.
 *
 * Pure: no worker globals. The kept columns are treated as read-only, by the worker and by the page's copy alike.
 */
import type { PositionColumns } from '../src/domain/session-types';

interface PositionsCache {
  /** Keeps `positions` under `key` (replacing an entry with that key), evicting the least recently used beyond capacity. */
  put(key: string, positions: PositionColumns): void;
  /** The columns kept under `key`, now the most recently used; undefined when not (or no longer) kept. */
  get(key: string): PositionColumns | undefined;
  readonly size: number;
}

const POSITIONS_CACHE_CAPACITY = 2;

export function createPositionsCache(capacity = POSITIONS_CACHE_CAPACITY): PositionsCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, PositionColumns>();
  return {
    put(key, positions) {
      entries.delete(key);
      entries.set(key, positions);
      while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    get(key) {
      const positions = entries.get(key);
      if (positions) {
        entries.delete(key);
        entries.set(key, positions);
      }
      return positions;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Another racer's lap chosen as the reference in the lap viewer ('Compare with my best' on a leaderboard row,
 * 'Compare with...' in the lap viewer): which lap, on which circuit. Kept in sessionStorage under
 * 'astro.sharedReference' like the active sessions (a reload keeps it, a logout clears it); stored values are
 * parsed, anything invalid is none. The lap itself is fetched once and kept for offline use by the data layer.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { SelectionStorage } from './active-sessions-store';

const KEY = 'astro.sharedReference';

const id = z.number().int().positive();
const refSchema = z.object({ sessionId: id, lapNumber: id, circuitId: id });
export type SharedReference = z.infer<typeof refSchema>;

/** @internal Exported for its tests. */
export function createSharedReferenceStore(storage: SelectionStorage | undefined) {
  let current: SharedReference | null = null;
  try {
    const raw = storage?.getItem(KEY);
    const parsed = raw ? refSchema.safeParse(JSON.parse(raw)) : null;
    current = parsed?.success ? parsed.data : null;
  } catch {
    current = null;
  }
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: SharedReference | null) {
      if (next === current || (next && current && next.sessionId === current.sessionId && next.lapNumber === current.lapNumber && next.circuitId === current.circuitId)) return;
      current = next;
      try {
        storage?.setItem(KEY, next ? JSON.stringify(next) : '');
      } catch {
        /* storage full or disabled: the choice still works for this page */
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type SharedReferenceStore = ReturnType<typeof createSharedReferenceStore>;

function browserStorage(): SelectionStorage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The app's store. */
export const sharedReference = createSharedReferenceStore(browserStorage());

export function useSharedReference(store: SharedReferenceStore = sharedReference): SharedReference | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

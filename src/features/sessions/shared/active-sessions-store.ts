/**
 * Where the active (compared) sessions live between screens: a tiny external store, persisted in sessionStorage
 * under 'astro.activeSessions' so a reload keeps them (logout clears session storage). Stored values are
 * parsed; anything invalid is an empty selection.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { emptySelection, type ComparisonSelection } from './comparison-selection';

/** @internal Exported for its tests. */
export const ACTIVE_SESSIONS_KEY = 'astro.activeSessions';

const slot = z.object({ id: z.number().int().positive(), circuitId: z.number().int().positive().nullable() }).nullable();
const selectionSchema = z.object({ left: slot, right: slot });

export interface SelectionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** @internal Exported for its tests. */
export function createActiveSessionsStore(storage: SelectionStorage | undefined) {
  let current: ComparisonSelection = emptySelection;
  try {
    const raw = storage?.getItem(ACTIVE_SESSIONS_KEY);
    const parsed = raw ? selectionSchema.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) current = parsed.data.left ? parsed.data : { left: parsed.data.right, right: null };
  } catch {
    current = emptySelection;
  }
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: ComparisonSelection) {
      if (next === current) return;
      current = next;
      try {
        storage?.setItem(ACTIVE_SESSIONS_KEY, JSON.stringify(next));
      } catch {
        /* storage full or disabled: the selection still works for this page */
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ActiveSessionsStore = ReturnType<typeof createActiveSessionsStore>;

function browserStorage(): SelectionStorage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The app's store. */
export const activeSessions = createActiveSessionsStore(browserStorage());

export function useActiveSessions(store: ActiveSessionsStore = activeSessions): ComparisonSelection {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

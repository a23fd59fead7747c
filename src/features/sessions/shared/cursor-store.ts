/**
 * The linked cursor's distance (metres into the lap, null when none), kept outside React state so a mouse move
 * re-renders only what follows the cursor (the map's marker), never the lap tables. Updates are coalesced to
 * one per animation frame.
 */
import { useSyncExternalStore } from 'react';

export interface CursorStore {
  get(): number | null;
  set(distanceM: number | null): void;
  subscribe(listener: () => void): () => void;
}

export function createCursorStore(schedule: (run: () => void) => void = (run) => requestAnimationFrame(run)): CursorStore {
  let value: number | null = null;
  let pending: number | null | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(distanceM) {
      if (pending === undefined) {
        schedule(() => {
          const next = pending ?? null;
          pending = undefined;
          if (next === value) return;
          value = next;
          for (const listener of listeners) listener();
        });
      }
      pending = distanceM;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useCursorDistance(store: CursorStore): number | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

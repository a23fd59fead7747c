/**
 * Modules of the shell that the first paint does not need (the header's tooltips and locale dropdown, the toast
 * container, the update prompt: Mantine's Popover/Combobox/Tooltip, floating-ui, transitions), loaded at the
 * first interaction or once the page has been quiet for a while (../after-start.ts), or at once when the user
 * reaches for them. Keeps them out of the first load
 * (a smaller first load) without changing what the user can do: until loaded, the shell shows the same controls without
 * their overlays.
 */
import { startTransition, useEffect, useState } from 'react';
import { afterStart } from '../after-start';
import { releaseGate } from './after-release';

export interface Deferred<T> {
  /** Starts the import now (idempotent). A failed import (offline before the precache) is retried on the next call. */
  load(): Promise<T>;
  /**
   * The module once loaded, else undefined; re-renders when it arrives (as a transition: React renders the
   * components it brings in slices, never in one long task) and schedules the import (afterStart).
   */
  use(): T | undefined;
}

function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let value: T | undefined;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const load = (): Promise<T> => {
    loading ??= importer().then(
      (m) => {
        value = m;
        for (const l of [...listeners]) l();
        return m;
      },
      (e: unknown) => {
        loading = null;
        throw e;
      },
    );
    return loading;
  };
  let scheduled = false;
  return {
    load,
    use() {
      const [current, setCurrent] = useState(value);
      useEffect(() => {
        // Not under a pressed pointer: the module may wrap the control being pressed (after-release.ts).
        const update = () => releaseGate.afterRelease(() => startTransition(() => setCurrent(value)));
        listeners.add(update);
        // Loaded between this component's render and this effect.
        if (value !== undefined) update();
        else if (!scheduled) {
          scheduled = true;
          afterStart(() => void load().catch(() => undefined));
        }
        return () => void listeners.delete(update);
      }, []);
      return current;
    },
  };
}

/** The overlays of the shell (shell-overlays.tsx). */
export const shellOverlays = deferred(() => import('./shell-overlays'));

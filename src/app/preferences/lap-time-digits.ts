/**
 * How lap times read on this device: hundredths (`mm:ss.cc`, the default) or thousandths (`mm:ss.mmm`, for
 * sources timed to the millisecond), chosen on the profile screen. Kept in localStorage `lapTimeDigits` ('3' or
 * nothing: anything else reads as the default, so a tampered value cannot break a screen); logout clears it with
 * the rest. Every screen formats through useLapTime, so one choice changes every lap time at once.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { formatLapTime, type LapTimeDigits } from '../../domain/value-format/lap-time';
import { safeLocalStorage } from '../i18n/locale';

const KEY = 'lapTimeDigits';
const listeners = new Set<() => void>();

/** @internal Exported for its tests. */
export function readLapTimeDigits(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): LapTimeDigits {
  try {
    return storage?.getItem(KEY) === '3' ? 3 : 2;
  } catch {
    return 2;
  }
}

export function storeLapTimeDigits(digits: LapTimeDigits, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeLocalStorage()): void {
  try {
    if (digits === 3) storage?.setItem(KEY, '3');
    else storage?.removeItem(KEY);
  } catch {
    // Storage full or disabled (private mode): the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice.
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

const read = () => readLapTimeDigits();

/** The device's choice; re-renders when it changes. */
export function useLapTimeDigits(): LapTimeDigits {
  return useSyncExternalStore(subscribe, read, () => 2 as const);
}

/** formatLapTime with the device's choice of decimals. */
export function useLapTime(): (ms: number) => string {
  const digits = useLapTimeDigits();
  return useCallback((ms: number) => formatLapTime(ms, digits), [digits]);
}

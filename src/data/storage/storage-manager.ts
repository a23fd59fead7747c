/**
 * Persistent storage and usage: ask the browser not to evict our IndexedDB under storage pressure
 * (navigator.storage.persist) and show how much is used of the quota. Both are best-effort: browsers without
 * the StorageManager API report `supported: false`.
 */
export interface StorageStatus {
  supported: boolean;
  /** Whether the browser granted persistent storage. */
  persisted: boolean;
  usageBytes: number | null;
  quotaBytes: number | null;
  /** usage / quota, 0..1, or null when unknown. */
  usedFraction: number | null;
}

type StorageManagerLike = Pick<StorageManager, 'estimate'> & Partial<Pick<StorageManager, 'persist' | 'persisted'>>;

function manager(): StorageManagerLike | undefined {
  return (globalThis.navigator as Navigator | undefined)?.storage;
}

/** Requests persistent storage once (Chromium grants it to installed PWAs and engaged sites without a prompt). */
export async function requestPersistentStorage(storage: StorageManagerLike | undefined = manager()): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export async function getStorageStatus(storage: StorageManagerLike | undefined = manager()): Promise<StorageStatus> {
  if (!storage?.estimate) return { supported: false, persisted: false, usageBytes: null, quotaBytes: null, usedFraction: null };
  let persisted = false;
  try {
    persisted = storage.persisted ? await storage.persisted() : false;
  } catch {
    persisted = false;
  }
  try {
    const { usage, quota } = await storage.estimate();
    const usageBytes = typeof usage === 'number' ? usage : null;
    const quotaBytes = typeof quota === 'number' ? quota : null;
    return { supported: true, persisted, usageBytes, quotaBytes, usedFraction: usageBytes !== null && quotaBytes ? usageBytes / quotaBytes : null };
  } catch {
    return { supported: true, persisted, usageBytes: null, quotaBytes: null, usedFraction: null };
  }
}

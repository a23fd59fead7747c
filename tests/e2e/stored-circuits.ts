import type { Page } from 'playwright-core';

/**
 * Names of the circuits the app keeps in this browser's IndexedDB (loaded after login), read with the plain
 * IndexedDB API so no app hook is needed; empty before the app has created its store.
 */
export function storedCircuitNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('astro-companion');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (!db.objectStoreNames.contains('circuits')) {
      db.close();
      return [];
    }
    const rows = await new Promise<{ name: string }[]>((resolve, reject) => {
      const req = db.transaction('circuits').objectStore('circuits').getAll();
      req.onsuccess = () => resolve(req.result as { name: string }[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return rows.map((r) => r.name);
  });
}

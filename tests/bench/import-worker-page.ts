/**
 * Bench page (built by import-worker.bench.ts with Vite, run in headless Chromium). Drives the REAL bridge and
 * worker (src/analysis/analysis-client.ts -> workers/analysis.worker.ts -> workers/import-api.ts) the way the
 * library does: a File handed over by reference, the device texts back as bytes and as Blobs built in the worker,
 * the Blobs kept in IndexedDB (as session-download-store.ts keeps them). The Node side traces the main thread around each call.
 */
import { createAnalysisClient } from '../../src/analysis/analysis-client';
import type { CircuitCandidate } from '../../src/domain/file-formats/pick-circuit';

let file: File | null = null;

async function load(name: string) {
  const bytes = await fetch(`/data/${name}.nmea`).then((r) => r.arrayBuffer());
  file = new File([bytes], `${name}.vbo`, { lastModified: Date.UTC(2026, 6, 4) });
  return file.size;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('import-bench', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('texts', { autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function store(db: IDBDatabase, blobs: { laps: Blob; nmea: Blob }): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('texts', 'readwrite');
    tx.objectStore('texts').put({ laps: blobs.laps, nmea: blobs.nmea });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** One cold import: a new worker, the file read, timed and written there, the texts stored here. */
async function call(circuit: CircuitCandidate) {
  if (!file) throw new Error('load first');
  const db = await openDb();
  const client = createAnalysisClient();
  console.timeStamp('import-bench:start');
  const t0 = performance.now();
  const imported = await client.importFile({ fileName: file.name, file, circuits: [circuit], lastModified: file.lastModified });
  const importedAt = performance.now();
  await store(db, imported.blobs);
  const totalMs = performance.now() - t0;
  console.timeStamp('import-bench:end');
  client.dispose();
  db.close();
  return { totalMs, roundTripMs: importedAt - t0, workerImportMs: imported.timings.importMs, fixes: imported.fixes, laps: imported.lapCount, circuitId: imported.circuitId };
}

Object.assign(window, { importBench: { load, call } });
document.title = 'ready';

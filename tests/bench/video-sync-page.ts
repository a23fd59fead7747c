/**
 * Bench page (built by video-sync.bench.ts with Vite, run in headless Chromium). Drives the REAL bridge and worker
 * (src/analysis/analysis-client.ts -> workers/analysis.worker.ts -> workers/video-sync-api.ts) the way adding a
 * video does: the stored copy's handle (the file written into the Origin Private File System first, as the copy
 * does) or the picked File handed over by reference, copies of the session's time and speed columns transferred,
 * the sync back.
 */
import { createAnalysisClient, type AnalysisClient } from '../../src/analysis/analysis-client';
import { syntheticSession } from '../helpers/synthetic-session';

let file: File | null = null;
let stored: FileSystemFileHandle | null = null;
let session: ReturnType<typeof syntheticSession>['positions'] | null = null;

async function load(name: string, fixes: number, seed: number) {
  const bytes = await fetch(`/data/${name}.nmea`).then((r) => r.arrayBuffer());
  file = new File([bytes], 'GX010001.MP4', { type: 'video/mp4' });
  session = syntheticSession({ fixes, seed }).positions;
  const root = await navigator.storage.getDirectory();
  stored = await root.getFileHandle('bench-video.mp4', { create: true });
  const writable = await stored.createWritable();
  await writable.write(bytes);
  await writable.close();
  return file.size;
}

/** One sync: cold (a new worker, as the first video of a page view) or on a worker already running. */
async function call(sessionStartMs: number, warm: AnalysisClient | null, from: 'stored' | 'picked') {
  if (!file || !session || !stored) throw new Error('load first');
  const client = warm ?? createAnalysisClient();
  const t0 = performance.now();
  const outcome = await client.syncVideo({ chapters: [from === 'stored' ? stored : file], session: { count: session.count, timeMs: session.timeMs.slice(), speedKmh: session.speedKmh.slice() }, sessionStartMs });
  const roundTripMs = performance.now() - t0;
  if (!warm) client.dispose();
  return { roundTripMs, worker: outcome.timings, payloads: outcome.payloads, fixes: outcome.camera.videoTimeS.length, offsetMs: outcome.result?.sync.offsetMs ?? null, rate: outcome.result?.sync.rate ?? null, method: outcome.result?.method ?? null };
}

let warmClient: AnalysisClient | null = null;
async function callWarm(sessionStartMs: number, from: 'stored' | 'picked') {
  warmClient ??= createAnalysisClient();
  return call(sessionStartMs, warmClient, from);
}

Object.assign(window, { videoSyncBench: { load, call: (s: number) => call(s, null, 'stored'), callWarm } });
document.title = 'ready';

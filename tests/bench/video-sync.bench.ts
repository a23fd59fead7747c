/**
 * Automatic GPMF sync of a 30-minute video in the worker, as adding a video runs it: a 30-minute 30 fps H.264
 * video made by ffmpeg (54,000 frames: the index a real 30-minute file has) with a GoPro-like telemetry track
 * added (1,800 one-second GPMF payloads of 18 Hz GPS5 fixes, GPSU 400 ms stale, the camera's clock 50 ppm fast,
 * each payload 64 KB from the next so that each is its own read, as in a real file),
 * stored in the Origin Private File System (as adding a video copies it) and synced in the analysis worker
 * against a 35-minute 25 Hz session: the MP4 index and the payloads read from the stored file, decoded, aligned
 * by GPS time and refined by speed cross-correlation. Figures: the page's round trip (cold: a new worker, its
 * start included; warm: a worker already running), the worker's own read/decode/match times, the offset's error
 * against the truth, and for comparison the same sync reading the picked File (Blob slices) instead. Budget: <= 1 s in the worker.
 * Also the overlay values a frame needs (binary search, interpolation) in Node, per call. Median and spread of
 * 5 runs, and the load average (1 min) before and after: the machine is shared, so a loaded run is slower.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { syntheticSession } from '../helpers/synthetic-session';
import type { PositionColumns } from '../../src/domain/session-types';
import { lapSpans } from '../../src/domain/video/lap-times';
import { overlayValuesAt } from '../../src/domain/video/overlay-values';
import { analyseSession } from '../../src/domain/analysis/analyse-session';
import { addGpmdTrack, cameraGpsPayloads } from '../unit/domain/gpmf/mp4-gpmf-writer';
import { ARTIFACTS, median, round } from './domain-data';
import { buildBenchPage, CHROMIUM_LAUNCH, serveBenchPage, openBenchPage } from './bench-browser';

const log = (s: string) => console.log(`# video-sync: ${s}`);
const RUNS = Number(process.env.VIDEO_SYNC_RUNS ?? 5);
const VIDEO_S = 1800;
const SESSION_FIXES = 25 * 2100;
const SEED = 11;
const SESSION_START = Date.UTC(2026, 6, 4, 9);
/** The truth: media time v shows session time OFFSET_MS + RATE x v x 1000. */
const OFFSET_MS = 120_000;
const RATE = 1.00005;

function speedOf(p: PositionColumns, t: number): number {
  const i = Math.min(p.count - 2, Math.max(0, Math.floor(t / 40)));
  const f = (t - p.timeMs[i]) / 40;
  return p.speedKmh[i] + f * (p.speedKmh[i + 1] - p.speedKmh[i]);
}

/** The 30-minute H.264 video (ffmpeg, cached in tests/.artifacts): its moov after its mdat. */
function thirtyMinuteVideo(): Uint8Array {
  const file = path.join(ARTIFACTS, 'video-sync-30min.mp4');
  if (!existsSync(file)) {
    mkdirSync(ARTIFACTS, { recursive: true });
    log('encoding a 30-minute 30 fps video with ffmpeg');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x203040:s=64x36:r=30:d=${VIDEO_S}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '30', file]);
  }
  return new Uint8Array(readFileSync(file));
}

function overlayPerFrameUs(): number {
  const { positions, laps } = syntheticSession({ fixes: SESSION_FIXES, seed: SEED });
  const analysis = analyseSession(laps, positions);
  const spans = lapSpans(positions);
  const calls = 20_000;
  const t1 = performance.now();
  for (let i = 0; i < calls; i++) overlayValuesAt(positions, spans, analysis.laps, (i * 97) % 2_000_000, null);
  return ((performance.now() - t1) / calls) * 1000;
}

interface Run {
  roundTripMs: number;
  worker: { indexMs: number; readMs: number; decodeMs: number; matchMs: number; totalMs: number };
  payloads: number;
  fixes: number;
  offsetMs: number | null;
  rate: number | null;
  method: string | null;
}

export default async function videoSyncBench(): Promise<Record<string, unknown>> {
  const { positions } = syntheticSession({ fixes: SESSION_FIXES, seed: SEED });
  const payloads = cameraGpsPayloads({
    seconds: VIDEO_S,
    utcAt: (v) => SESSION_START + OFFSET_MS + RATE * v * 1000,
    speedAt: (v) => speedOf(positions, OFFSET_MS + RATE * v * 1000),
    gpsuErrorMs: 400,
  });
  // Each payload 64 KB from the next, as a real file's are apart (a second of video between), so each is its own read.
  const video = addGpmdTrack(thirtyMinuteVideo(), payloads, { gapBytes: 64 * 1024 });
  log(`video with telemetry: ${(video.length / 1024 / 1024).toFixed(1)} MB, ${payloads.length} GPMF payloads`);

  log('building the bench page with vite');
  const dir = await buildBenchPage({ name: 'video-sync' });
  const server = await serveBenchPage({ dir, data: (name) => (name === 'gopro-30min' ? video : undefined) });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const loadBefore = loadavg()[0];
  try {
    const { page } = await openBenchPage(browser, server);
    type Api = { load(n: string, fixes: number, seed: number): Promise<number>; call(s: number): Promise<Run>; callWarm(s: number, from: 'stored' | 'picked'): Promise<Run> };
    await page.evaluate(([f, s]) => (window as unknown as { videoSyncBench: Api }).videoSyncBench.load('gopro-30min', f, s), [SESSION_FIXES, SEED] as const);
    const cold: Run[] = [];
    const warm: Run[] = [];
    const picked: Run[] = [];
    for (let k = 0; k < RUNS; k++) {
      const c = await page.evaluate((s) => (window as unknown as { videoSyncBench: Api }).videoSyncBench.call(s), SESSION_START);
      const w = await page.evaluate((s) => (window as unknown as { videoSyncBench: Api }).videoSyncBench.callWarm(s, 'stored'), SESSION_START);
      const p = await page.evaluate((s) => (window as unknown as { videoSyncBench: Api }).videoSyncBench.callWarm(s, 'picked'), SESSION_START);
      cold.push(c);
      warm.push(w);
      picked.push(p);
      log(`run ${k + 1}: cold ${round(c.roundTripMs)} ms, warm ${round(w.roundTripMs)} ms (worker: index ${round(w.worker.indexMs)}, read ${round(w.worker.readMs)}, decode ${round(w.worker.decodeMs)}, match ${round(w.worker.matchMs)} ms), offset error ${round(Math.abs((w.offsetMs ?? NaN) - OFFSET_MS), 2)} ms; from the picked File ${round(p.worker.totalMs)} ms (read ${round(p.worker.readMs)} ms)`);
    }
    const stat = (values: number[]) => ({ median: round(median(values)), spread: round(Math.max(...values) - Math.min(...values)), runs: values.map((v) => round(v)) });
    const loadAfter = loadavg()[0];
    const perFrameUs = overlayPerFrameUs();
    const last = warm[warm.length - 1];
    const figures = {
      input: `30-minute 30 fps H.264 video (${(video.length / 1024 / 1024).toFixed(1)} MB, ${last.payloads} GPMF payloads, ${last.fixes} GPS5 fixes at 18 Hz) against a 35-minute 25 Hz session`,
      method: last.method,
      coldRoundTripMs: stat(cold.map((r) => r.roundTripMs)),
      warmRoundTripMs: stat(warm.map((r) => r.roundTripMs)),
      workerTotalMs: stat(warm.map((r) => r.worker.totalMs)),
      workerIndexMs: stat(warm.map((r) => r.worker.indexMs)),
      workerReadMs: stat(warm.map((r) => r.worker.readMs)),
      workerDecodeMs: stat(warm.map((r) => r.worker.decodeMs)),
      workerMatchMs: stat(warm.map((r) => r.worker.matchMs)),
      pickedFileWorkerTotalMs: stat(picked.map((r) => r.worker.totalMs)),
      pickedFileWorkerReadMs: stat(picked.map((r) => r.worker.readMs)),
      offsetErrorMs: round(Math.max(...warm.map((r) => Math.abs((r.offsetMs ?? NaN) - OFFSET_MS))), 2),
      rateErrorPpm: round(Math.abs(((last.rate ?? NaN) - RATE) * 1e6), 1),
      budgetMs: 1000,
      overlayValuesPerFrameUs: round(perFrameUs),
      loadAverage1m: { before: round(loadBefore, 2), after: round(loadAfter, 2) },
    };
    log(`30-min auto sync in the worker: median ${figures.workerTotalMs.median} ms (cold round trip ${figures.coldRoundTripMs.median} ms; budget 1000), offset error ${figures.offsetErrorMs} ms; load ${figures.loadAverage1m.before} -> ${figures.loadAverage1m.after}`);
    return figures;
  } finally {
    await browser.close();
    server.close();
  }
}

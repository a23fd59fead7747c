/**
 * Bench page (built by domain.bench.ts with Vite, run in headless Chromium). Drives the REAL bridge and worker
 * (src/analysis/analysis-client.ts -> workers/analysis.worker.ts); the Node side traces the main thread.
 */
import { createAnalysisClient, type ProcessedSession } from '../../src/analysis/analysis-client';
import { coachingLapColumns } from '../../src/domain/coaching/session-coaching';

interface CallFigures {
  roundTripMs: number;
  parseMs: number;
  analyseMs: number;
  longTasks: number;
  fixes: number;
}

const data = new Map<string, { nmea: Uint8Array; laps: string }>();

async function load(name: string) {
  let d = data.get(name);
  if (!d) {
    const [nmea, laps] = await Promise.all([
      fetch(`/data/${name}.nmea`).then((r) => r.arrayBuffer()),
      fetch(`/data/${name}.laps`).then((r) => r.text()),
    ]);
    d = { nmea: new Uint8Array(nmea), laps };
    data.set(name, d);
  }
  return d;
}

let prepared: { nmea: Uint8Array; laps: string } | null = null;
let warmClient: ReturnType<typeof createAnalysisClient> | null = null;

/** Copies the bytes for the next call (each call transfers its bytes away), outside the measured window. */
async function prepare(name: string) {
  const { nmea, laps } = await load(name);
  prepared = { nmea: nmea.slice(), laps };
}

/**
 * One measured call. 'cold': a new worker (its first call). 'warm': the shared warm worker (warmed by a first,
 * unmeasured call on its creation). The Node side traces the main thread around this call.
 */
async function call(kind: 'cold' | 'warm'): Promise<CallFigures> {
  if (!prepared) throw new Error('prepare first');
  const input = prepared;
  prepared = null;
  let client: ReturnType<typeof createAnalysisClient>;
  if (kind === 'cold') client = createAnalysisClient();
  else {
    if (!warmClient) {
      warmClient = createAnalysisClient({ idleMs: 600_000 });
      await warmClient.processSession({ nmea: input.nmea.slice(), laps: input.laps });
    }
    client = warmClient;
  }
  let longTasks = 0;
  const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
  try {
    observer.observe({ type: 'longtask' });
  } catch {
    // no longtask support: the trace still measures tasks
  }
  const t0 = performance.now();
  const result: ProcessedSession = await client.processSession({ nmea: input.nmea, laps: input.laps });
  const roundTripMs = performance.now() - t0;
  // Marks, in the trace, the task in which the results reached this code: the Node side's 'results arrive' window
  // ends with it (what follows, the observer's wait and ending a cold worker, is the bench's own doing).
  console.timeStamp('domain-bench:results');
  await new Promise((r) => setTimeout(r, 20));
  observer.disconnect();
  if (kind === 'cold') client.dispose();
  return { roundTripMs, parseMs: result.timings.parseMs, analyseMs: result.timings.analyseMs, longTasks, fixes: result.positions.count };
}

function endWarm() {
  warmClient?.dispose();
  warmClient = null;
}

async function ratio(name: string, runs: number) {
  const { nmea } = await load(name);
  const worker = new Worker(new URL('./domain-ratio-worker.ts', import.meta.url), { type: 'module' });
  const result = await new Promise<{ newlineMs: number[]; parseMs: number[]; floorMs: number[]; lines: number; fixes: number }>((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ bytes: nmea, runs });
  });
  worker.terminate();
  return result;
}

let kept: ProcessedSession | null = null;

/** For the memory figure: measured before anything is loaded and after the result is kept (bytes transferred away). */
async function memoryLoad(name: string) {
  await load(name);
}
async function memoryProcess(name: string) {
  const d = data.get(name);
  if (!d) throw new Error('not loaded');
  data.delete(name); // the app would hand over its bytes: they are transferred, not kept
  const client = createAnalysisClient();
  kept = await client.processSession({ nmea: d.nmea, laps: d.laps });
  client.dispose();
  return kept.positions.count;
}
function memoryRelease() {
  kept = null;
  data.clear();
}

/**
 * The coach's extra work after the analysis, in the real worker: one processSession (as the screen does), then
 * coachSession on its result, `runs` times on a warm worker. Worker-side times and the page's round trip.
 */
async function coach(name: string, runs: number) {
  const { nmea, laps } = await load(name);
  const client = createAnalysisClient({ idleMs: 600_000 });
  const out: { parseMs: number; analyseMs: number; coachingMs: number; coachRoundTripMs: number; racingLaps: number; corners: number }[] = [];
  try {
    for (let k = 0; k < runs + 1; k++) {
      const processed = await client.processSession({ nmea: nmea.slice(), laps });
      const t0 = performance.now();
      const coached = await client.coachSession(processed.positions, coachingLapColumns(processed.analysis.laps));
      const coachRoundTripMs = performance.now() - t0;
      // The first round warms the worker's code: not counted.
      if (k > 0) {
        out.push({
          parseMs: processed.timings.parseMs,
          analyseMs: processed.timings.analyseMs,
          coachingMs: coached.timings.coachingMs,
          coachRoundTripMs,
          racingLaps: coached.consistency.racingLapNumbers.length,
          corners: coached.corners.count,
        });
      }
    }
  } finally {
    client.dispose();
  }
  return out;
}

Object.assign(window, { domainBench: { prepare, call, endWarm, ratio, memoryLoad, memoryProcess, memoryRelease, coach } });
document.title = 'ready';

/**
 * Bench page (built by domain.bench.ts with Vite, run in headless Chromium). Drives the REAL bridge and worker
 * (src/analysis/analysis-client.ts -> workers/analysis.worker.ts) and probes the main thread while results arrive.
 */
import { createAnalysisClient, type ProcessedSession } from '../../src/analysis/analysis-client';

interface CallFigures {
  roundTripMs: number;
  parseMs: number;
  analyseMs: number;
  maxMainThreadGapMs: number;
  longTasks: number;
  fixes: number;
}

/** Measures the longest gap between main-thread tasks with a MessageChannel ping-pong, plus longtask entries. */
function probeMainThread(): () => { maxGapMs: number; longTasks: number } {
  const channel = new MessageChannel();
  let last = performance.now();
  let maxGap = 0;
  let running = true;
  channel.port1.onmessage = () => {
    const t = performance.now();
    if (t - last > maxGap) maxGap = t - last;
    last = t;
    if (running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  let longTasks = 0;
  const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
  try {
    observer.observe({ type: 'longtask' });
  } catch {
    // longtask not supported: the gap probe still measures.
  }
  return () => {
    running = false;
    observer.disconnect();
    channel.port1.close();
    return { maxGapMs: maxGap, longTasks };
  };
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

async function timedCall(client: ReturnType<typeof createAnalysisClient>, nmea: Uint8Array, laps: string): Promise<{ f: CallFigures; result: ProcessedSession }> {
  const copy = nmea.slice(); // the call transfers its bytes away
  await new Promise((r) => setTimeout(r, 50));
  const stop = probeMainThread();
  const t0 = performance.now();
  const result = await client.processSession({ nmea: copy, laps });
  const roundTripMs = performance.now() - t0;
  // Let any task queued behind the result run before stopping the probe.
  await new Promise((r) => setTimeout(r, 20));
  const probe = stop();
  return {
    result,
    f: {
      roundTripMs,
      parseMs: result.timings.parseMs,
      analyseMs: result.timings.analyseMs,
      maxMainThreadGapMs: probe.maxGapMs,
      longTasks: probe.longTasks,
      fixes: result.positions.count,
    },
  };
}

/** Cold: a new worker per call (its first call). Warm: one worker, after one discarded call. */
async function bench(name: string, coldRuns: number, warmRuns: number) {
  const { nmea, laps } = await load(name);
  const cold: CallFigures[] = [];
  for (let k = 0; k < coldRuns; k++) {
    const client = createAnalysisClient();
    cold.push((await timedCall(client, nmea, laps)).f);
    client.dispose();
  }
  const client = createAnalysisClient();
  await timedCall(client, nmea, laps);
  const warm: CallFigures[] = [];
  for (let k = 0; k < warmRuns; k++) warm.push((await timedCall(client, nmea, laps)).f);
  client.dispose();
  return { cold, warm };
}

async function ratio(name: string, runs: number) {
  const { nmea } = await load(name);
  const worker = new Worker(new URL('./domain-ratio-worker.ts', import.meta.url), { type: 'module' });
  const result = await new Promise<{ newlineMs: number[]; parseMs: number[]; lines: number; fixes: number }>((resolve, reject) => {
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

Object.assign(window, { domainBench: { bench, ratio, memoryLoad, memoryProcess, memoryRelease } });
document.title = 'ready';

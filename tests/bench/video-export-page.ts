/**
 * Bench page (built by video-export.bench.ts with Vite, run in headless Chromium). Drives the REAL export queue
 * and worker (src/media/export/export-client.ts -> workers/video-export.worker.ts) on a video the bench serves,
 * with the player's gauges over a synthetic session (or bare: no overlay, the baseline), into the OPFS exports
 * folder; returns the wall time, frames and bytes.
 */
import { analyseSession } from '../../src/domain/analysis/analyse-session';
import { syntheticSession } from '../helpers/synthetic-session';
import { lapSpans } from '../../src/domain/video/lap-times';
import { GAUGES } from '../../src/domain/video/overlay-layout';
import { exportTickets, startExport, subscribeExports, type ExportTicket } from '../../src/media/export/export-client';
import type { ExportScene } from '../../src/media/export/export-types';

const session = syntheticSession({ fixes: 25 * 1800, seed: 7 });
const analysis = analyseSession(session.laps, session.positions);
const spans = lapSpans(session.positions);
const lat: number[] = [];
const lon: number[] = [];
const lap1 = spans.find((s) => s.lap === 1)!;
for (let i = 0; i < session.positions.count; i += 3) {
  if (session.positions.timeMs[i] < lap1.startMs || session.positions.timeMs[i] > lap1.endMs) continue;
  lat.push(session.positions.lat[i]);
  lon.push(session.positions.lon[i]);
}
const scene: ExportScene = {
  positions: session.positions,
  spans,
  laps: analysis.laps,
  reference: null,
  acceleration: null,
  lapCount: spans.filter((s) => s.lap > 0).length,
  sessionName: 'Bench circuit 10H30',
  track: { lat, lon },
  labels: { lap: 'LAP', last: 'LAST', delta: 'DELTA', kmh: 'km/h' },
  gauges: [...GAUGES],
  locale: 'en-US',
};

function finished(id: number): Promise<ExportTicket> {
  return new Promise((resolve) => {
    const check = () => {
      const t = exportTickets().find((x) => x.id === id);
      if (t && (t.state === 'done' || t.state === 'failed' || t.state === 'cancelled')) {
        off();
        resolve(t);
      }
    };
    const off = subscribeExports(check);
    check();
  });
}

const sources = new Map<string, File>();

/**
 * Streams a served video into the private file system and keeps its File, as the app stores a racer's videos: the
 * source is read from disk by the export, not held in the page's memory (which would count in the long export's
 * memory growth).
 */
async function prepare(video: string): Promise<void> {
  if (sources.has(video)) return;
  const root = await navigator.storage.getDirectory();
  const folder = await root.getDirectoryHandle('bench-sources', { create: true });
  const handle = await folder.getFileHandle(video, { create: true });
  const response = await fetch(`/video/${video}`);
  if (!response.ok || !response.body) throw new Error(`no video ${video}: ${response.status}`);
  await response.body.pipeTo(await handle.createWritable());
  sources.set(video, await handle.getFile());
}

async function run(options: { video: string; overlay: boolean; height: 720 | 1080; seconds: number }) {
  await prepare(options.video);
  const source = sources.get(options.video)!;
  const t0 = performance.now();
  // Session time 60 s (the out lap's end, roughly) at media time 0.
  const ticket = startExport({
    job: { source, startS: 0, endS: options.seconds, sync: { offsetMs: 60_000, rate: 1 }, height: options.height, scene: options.overlay ? scene : null },
    downloadName: 'bench.mp4',
  });
  const done = await finished(ticket.id);
  const ms = performance.now() - t0;
  if (done.state !== 'done' || !done.result) throw new Error(`export ${done.state}: ${done.error?.code} ${done.error?.message}`);
  return { ms, frames: done.result.frames, bytes: done.result.bytes, codec: done.result.codec, width: done.result.width, height: done.result.height, audioKept: done.result.audioKept };
}

(window as unknown as { exportBench: unknown }).exportBench = { prepare, run };
document.title = 'ready';

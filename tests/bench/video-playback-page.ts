/**
 * Video playback bench page (built by video-playback.bench.ts with Vite, run in headless Chromium). A 30 fps
 * synthetic video plays in a <video> with a canvas over it, as in the player; a 25 Hz synthetic session of 35
 * minutes (laps, sectors, a reference lap, per-fix g) stands for the session. Per decoded frame
 * (requestVideoFrameCallback), as the player does: the overlay values at the frame's session time
 * (overlayValuesAt), the overlay drawn with every gauge (drawOverlay: timer, sectors, speed, delta, map, g-meter,
 * ...), the frame label and data attributes written, and the linked cursor set (the analysis screen's cursor store,
 * one listener). Main-thread time of that work is measured per frame with performance.now(); dropped and total
 * frames come from getVideoPlaybackQuality(), for a run with the overlay and a run without (only the frame
 * callback), so the overlay's share of dropped frames is the difference.
 */
import { analyseSession } from '../../src/domain/analysis/analyse-session';
import { accelerationOf } from '../../src/domain/coaching/acceleration';
import { lapTraceByNumber } from '../../src/domain/lap-compare/lap-trace';
import { syntheticSession } from '../helpers/synthetic-session';
import { lapSpans } from '../../src/domain/video/lap-times';
import { GAUGES } from '../../src/domain/video/overlay-layout';
import { overlayValuesAt } from '../../src/domain/video/overlay-values';
import { frameAt, sessionTimeAt } from '../../src/domain/video/video-clock';
import { createCursorStore } from '../../src/features/sessions/shared/cursor-store';
import { drawOverlay } from '../../src/media/overlay-draw';

export interface PlaybackFigures {
  overlay: boolean;
  seconds: number;
  callbacks: number;
  totalFrames: number;
  droppedFrames: number;
  workP50Ms: number;
  workP95Ms: number;
  workMaxMs: number;
  workMeanMs: number;
}

const FPS_SESSION = 25;
const { positions, laps } = syntheticSession({ fixes: FPS_SESSION * 60 * 35, seed: 21 });
const analysis = analyseSession(laps, positions);
const spans = lapSpans(positions);
const reference = lapTraceByNumber(positions, analysis.bestLapNumber ?? 1);
const g = accelerationOf(positions);
const lap1 = spans.find((s) => s.lap === 1)!;
const track = { lat: [] as number[], lon: [] as number[] };
for (let i = 0; i < positions.count; i += 3) {
  if (positions.timeMs[i] < lap1.startMs || positions.timeMs[i] > lap1.endMs) continue;
  track.lat.push(positions.lat[i]);
  track.lon.push(positions.lon[i]);
}
const labels = { lap: 'LAP', last: 'LAST', delta: 'DELTA', kmh: 'km/h', g: 'g' };
/** The video's media time 0 is 10 minutes into the session (laps, sectors and delta all drawn). */
const sync = { offsetMs: 600_000, rate: 1.00003 };

const box = document.createElement('div');
box.style.cssText = 'position:relative;width:960px;aspect-ratio:16/9;background:#000';
const video = document.createElement('video');
video.muted = true;
video.playsInline = true;
video.preload = 'auto';
video.style.cssText = 'position:absolute;inset:0;width:100%;height:100%';
const canvas = document.createElement('canvas');
canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none';
const label = document.createElement('span');
box.append(video, canvas);
document.body.append(box, label);
const cursor = createCursorStore();
let cursorSeen = 0;
cursor.subscribe(() => {
  cursorSeen = cursor.get() ?? 0;
});

/** The player's per-frame work (video-panel.tsx's render). */
function renderFrame(): void {
  const videoS = video.currentTime;
  const frame = frameAt(videoS, 30);
  label.textContent = `Frame ${frame} · ${videoS.toFixed(3)}`;
  canvas.dataset.frame = String(frame);
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d')!;
  const values = overlayValuesAt(positions, spans, analysis.laps, sessionTimeAt(sync, videoS), reference, g);
  canvas.dataset.lap = String(values.lap);
  drawOverlay(ctx, width, height, { values, lapCount: spans.length - 1, sessionName: 'Bench session', sessionDate: '04/07/2026', track, labels, gauges: GAUGES, locale: 'en-us' });
  canvas.dataset.distance = values.lapDistanceM === null ? '' : values.lapDistanceM.toFixed(1);
  cursor.set(values.lapDistanceM);
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);

async function run(overlay: boolean, seconds: number): Promise<PlaybackFigures> {
  if (!video.src) {
    video.src = '/video.mp4';
    await new Promise((resolve) => video.addEventListener('canplaythrough', resolve, { once: true }));
  }
  video.pause();
  video.currentTime = 0;
  await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
  const work: number[] = [];
  let callbacks = 0;
  let handle = 0;
  const onFrame = () => {
    callbacks++;
    if (overlay) {
      const t0 = performance.now();
      renderFrame();
      work.push(performance.now() - t0);
    }
    handle = video.requestVideoFrameCallback(onFrame);
  };
  const before = video.getVideoPlaybackQuality();
  handle = video.requestVideoFrameCallback(onFrame);
  await video.play();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  video.pause();
  video.cancelVideoFrameCallback(handle);
  const after = video.getVideoPlaybackQuality();
  const sorted = [...work].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    overlay,
    seconds,
    callbacks,
    totalFrames: after.totalVideoFrames - before.totalVideoFrames,
    droppedFrames: after.droppedVideoFrames - before.droppedVideoFrames,
    workP50Ms: round(percentile(sorted, 0.5)),
    workP95Ms: round(percentile(sorted, 0.95)),
    workMaxMs: round(sorted.at(-1) ?? NaN),
    workMeanMs: round(work.reduce((a, b) => a + b, 0) / Math.max(1, work.length)),
  };
}

(window as unknown as { videoBench: { run: typeof run; cursorSeen: () => number } }).videoBench = { run, cursorSeen: () => cursorSeen };
document.title = 'ready';

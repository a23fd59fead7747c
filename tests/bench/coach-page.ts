/**
 * Bench page of coach.bench.ts (built with Vite, run in headless Chromium): the coach in the REAL worker
 * (processSession, then coachSession on its result, as the analysis screen does; with and without the worker keeping
 * the positions), and the g-g diagram of ten laps drawn as the screen draws it (gg-draw.ts on a plain canvas), timed
 * frame by frame.
 */
import { createAnalysisClient, type CoachedSession } from '../../src/analysis/analysis-client';
import { envelopePolygon } from '../../src/domain/coaching/gg-envelope';
import { coachingLapColumns } from '../../src/domain/coaching/session-coaching';
import { drawGg, ggTheme } from '../../src/features/sessions/coach/gg-draw';
import type { GgSeries } from '../../src/features/sessions/coach/coach-view';

let last: { coached: CoachedSession; laps: { startIndex: number; endIndex: number; lapNumber: number }[] } | null = null;

/** One run's figures: worker-side times, and the page's waits (call to result) for processSession and coachSession. */
interface CoachRun {
  parseMs: number;
  analyseMs: number;
  coachingMs: number;
  processRoundTripMs: number;
  coachRoundTripMs: number;
  racingLaps: number;
  laps: number;
}

/**
 * `runs` coachings of the session on a warm worker (one more first, to warm its code, not counted), each way in
 * turn (alternating which goes first, so load drifts hit both alike):
 * - `sent`: processSession, then coachSession, which clones the columns back into the worker (a separate call);
 * - `inline`: as the session screen does - processSession with `coach`, the coaching computed where the positions
 *   are; the user's wait beyond the analysis is the difference of the two processSession round trips.
 */
async function coach(name: string, runs: number) {
  const [nmea, laps] = await Promise.all([fetch(`/data/${name}.nmea`).then((r) => r.arrayBuffer()), fetch(`/data/${name}.laps`).then((r) => r.text())]);
  const bytes = new Uint8Array(nmea);
  const client = createAnalysisClient({ idleMs: 600_000 });
  const one = async (inline: boolean): Promise<CoachRun> => {
    const p0 = performance.now();
    const processed = await client.processSession({ nmea: bytes.slice(), laps, coach: inline });
    const processRoundTripMs = performance.now() - p0;
    const t0 = performance.now();
    const coached = processed.coaching ?? (await client.coachSession(processed.positions, coachingLapColumns(processed.analysis.laps)));
    const coachRoundTripMs = performance.now() - t0;
    last = { coached, laps: processed.analysis.laps };
    return {
      parseMs: processed.timings.parseMs,
      analyseMs: processed.timings.analyseMs,
      coachingMs: coached.timings.coachingMs,
      processRoundTripMs,
      coachRoundTripMs,
      racingLaps: coached.consistency.racingLapNumbers.length,
      laps: processed.analysis.laps.length,
    };
  };
  const out: { sent: CoachRun[]; inline: CoachRun[] } = { sent: [], inline: [] };
  try {
    for (let k = 0; k < runs + 1; k++) {
      for (const inline of k % 2 === 0 ? [false, true] : [true, false]) {
        const run = await one(inline);
        if (k > 0) (inline ? out.inline : out.sent).push(run);
      }
    }
  } finally {
    client.dispose();
  }
  return out;
}

/**
 * The g-g diagram of `lapCount` racing laps (every fix a dot, each lap's envelope) on a 600 x 320 canvas at the
 * device's pixel ratio, as the screen draws it: one untimed first draw, then `frames` full redraws, each timed up to
 * a one-pixel read back (which waits for the canvas to be painted). Returns the frame times and the points drawn.
 */
function ggFrames(lapCount: number, frames: number, dark = false) {
  if (!last) throw new Error('coach first');
  const { coached, laps } = last;
  const racing = new Set(coached.consistency.racingLapNumbers);
  const chosen = laps.filter((l) => racing.has(l.lapNumber)).slice(0, lapCount);
  const bins = coached.envelopes.bins;
  const series: GgSeries[] = chosen.map((l, j) => {
    const slot = coached.envelopes.lapNumber.indexOf(l.lapNumber);
    const polygon = envelopePolygon(coached.envelopes.radiusG.subarray(slot * bins, (slot + 1) * bins));
    return {
      key: `L-${l.lapNumber}`,
      name: `Lap ${l.lapNumber}`,
      color: `hsl(${(j * 36) % 360} 70% 45%)`,
      lateralG: coached.acceleration.lateralG.subarray(l.startIndex, l.endIndex),
      longitudinalG: coached.acceleration.longitudinalG.subarray(l.startIndex, l.endIndex),
      envelope: [...polygon, polygon[0]],
      dashed: j % 2 === 1,
    };
  });
  const width = 600;
  const height = 320;
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.style.cssText = `width:${width}px;height:${height}px`;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format;
  const draw = () => drawGg(ctx, series, { width, height, pixelRatio: ratio, theme: ggTheme(dark), xName: 'Lateral g', yName: 'Longitudinal g', format });
  draw();
  ctx.getImageData(0, 0, 1, 1);
  const ms: number[] = [];
  for (let f = 0; f < frames; f++) {
    const t0 = performance.now();
    draw();
    ctx.getImageData(0, 0, 1, 1);
    ms.push(performance.now() - t0);
  }
  canvas.remove();
  return { ms, laps: series.length, points: series.reduce((n, s) => n + s.lateralG.length, 0) };
}

Object.assign(window, { coachBench: { coach, ggFrames } });
document.title = 'ready';

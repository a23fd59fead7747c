/**
 * Bench page of coach.bench.ts (built with Vite, run in headless Chromium): the coach in the REAL worker
 * (processSession, then coachSession on its result, as the analysis screen does), and the g-g diagram of ten laps
 * drawn with the screen's ECharts build and options (chart-options.ts ggOption), timed frame by frame.
 */
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { createAnalysisClient, type CoachedSession } from '../../src/analysis/analysis-client';
import { envelopePolygon } from '../../src/domain/coaching/gg-envelope';
import { coachingLapColumns } from '../../src/domain/coaching/session-coaching';
import { ggOption } from '../../src/features/sessions/charts/chart-options';
import type { GgSeries } from '../../src/features/sessions/coach-view';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

let last: { coached: CoachedSession; laps: { startIndex: number; endIndex: number; lapNumber: number }[] } | null = null;

/** `runs` coachings of the session on a warm worker (one more first, to warm its code, not counted). */
async function coach(name: string, runs: number) {
  const [nmea, laps] = await Promise.all([fetch(`/data/${name}.nmea`).then((r) => r.arrayBuffer()), fetch(`/data/${name}.laps`).then((r) => r.text())]);
  const bytes = new Uint8Array(nmea);
  const client = createAnalysisClient({ idleMs: 600_000 });
  const out: { parseMs: number; analyseMs: number; coachingMs: number; coachRoundTripMs: number; racingLaps: number; laps: number }[] = [];
  try {
    for (let k = 0; k < runs + 1; k++) {
      const processed = await client.processSession({ nmea: bytes.slice(), laps });
      const t0 = performance.now();
      const coached = await client.coachSession(processed.positions, coachingLapColumns(processed.analysis.laps));
      const coachRoundTripMs = performance.now() - t0;
      last = { coached, laps: processed.analysis.laps };
      if (k > 0) {
        out.push({
          parseMs: processed.timings.parseMs,
          analyseMs: processed.timings.analyseMs,
          coachingMs: coached.timings.coachingMs,
          coachRoundTripMs,
          racingLaps: coached.consistency.racingLapNumbers.length,
          laps: processed.analysis.laps.length,
        });
      }
    }
  } finally {
    client.dispose();
  }
  return out;
}

/**
 * The g-g diagram of `lapCount` racing laps (every fix a dot, each lap's envelope) in a 600 x 340 chart: one
 * untimed first draw, then `frames` full redraws (setOption without merging, then the canvas painted at once),
 * each timed. Returns the frame times and the points drawn.
 */
function ggFrames(lapCount: number, frames: number) {
  if (!last) throw new Error('coach first');
  const { coached, laps } = last;
  const racing = new Set(coached.consistency.racingLapNumbers);
  const chosen = laps.filter((l) => racing.has(l.lapNumber)).slice(0, lapCount);
  const bins = coached.envelopes.bins;
  const round3 = (v: number) => Math.round(v * 1000) / 1000;
  const series: GgSeries[] = chosen.map((l, j) => {
    const points: [number, number][] = [];
    for (let i = l.startIndex; i < l.endIndex; i++) points.push([round3(coached.acceleration.lateralG[i]), round3(coached.acceleration.longitudinalG[i])]);
    const slot = coached.envelopes.lapNumber.indexOf(l.lapNumber);
    const polygon = envelopePolygon(coached.envelopes.radiusG.subarray(slot * bins, (slot + 1) * bins));
    return { key: `L-${l.lapNumber}`, name: `Lap ${l.lapNumber}`, color: `hsl(${(j * 36) % 360} 70% 45%)`, points, envelope: [...polygon, polygon[0]], dashed: false };
  });
  const el = document.createElement('div');
  el.style.cssText = 'width:600px;height:340px';
  document.body.appendChild(el);
  const chart = echarts.init(el);
  const option = ggOption({ series, xName: 'Lateral g', yName: 'Longitudinal g', envelopeName: (n) => `${n} envelope`, dark: false, locale: 'en-US' });
  chart.setOption(option, true);
  chart.getZr().refreshImmediately();
  const ms: number[] = [];
  for (let f = 0; f < frames; f++) {
    const t0 = performance.now();
    chart.setOption(option, true);
    chart.getZr().refreshImmediately();
    ms.push(performance.now() - t0);
  }
  chart.dispose();
  el.remove();
  return { ms, laps: series.length, points: series.reduce((n, s) => n + s.points.length, 0) };
}

Object.assign(window, { coachBench: { coach, ggFrames } });
document.title = 'ready';

/**
 * Automatic video sync in Node (the same code the page runs): a 30-minute 18 Hz camera GPS track with GPS time
 * against a 25 Hz session, cross-correlated down to 5 ms. The budget is <= 1 s; figures are printed, not
 * asserted. Also the overlay values a frame needs (binary search, interpolation), per call.
 */
import type { GpmfGpsTrack } from '../../src/domain/gpmf/gps-track';
import { syntheticSession } from '../../src/domain/synthetic-session';
import { syncFromGpmf } from '../../src/domain/video/gpmf-sync';
import { lapSpans } from '../../src/domain/video/lap-times';
import { overlayValuesAt } from '../../src/domain/video/overlay-values';
import { analyseSession } from '../../src/domain/analysis/analyse-session';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export default async function videoSyncBench(): Promise<Record<string, unknown>> {
  const { positions, laps } = syntheticSession({ fixes: 25 * 2100, seed: 11 });
  const n = 18 * 1800;
  const start = Date.UTC(2026, 6, 4, 9);
  const track: GpmfGpsTrack = { count: n, epochMs: new Float64Array(n), videoTimeS: new Float64Array(n), latDeg: new Float64Array(n), lonDeg: new Float64Array(n), altitudeM: new Float64Array(n), speed2dMps: new Float32Array(n), speed3dMps: new Float32Array(n), fix: new Uint8Array(n).fill(3), dop: new Float32Array(n), payloadsWithGps: 1800 };
  for (let i = 0; i < n; i++) {
    const v = i / 18;
    const t = 120_000 + v * 1000 * 1.00005;
    track.videoTimeS[i] = v;
    track.epochMs[i] = start + t;
    const k = Math.min(positions.count - 1, Math.round(t / 40));
    track.speed2dMps[i] = positions.speedKmh[k] / 3.6;
  }
  const runs: number[] = [];
  let offsetErrorMs = NaN;
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const result = syncFromGpmf(track, positions, start - 2_000);
    runs.push(performance.now() - t0);
    offsetErrorMs = Math.abs((result?.sync.offsetMs ?? NaN) - 120_000);
  }
  const analysis = analyseSession(laps, positions);
  const spans = lapSpans(positions);
  const calls = 20_000;
  const t1 = performance.now();
  for (let i = 0; i < calls; i++) overlayValuesAt(positions, spans, analysis.laps, (i * 97) % 2_000_000, null);
  const perFrameUs = ((performance.now() - t1) / calls) * 1000;
  console.log(`# video-sync: 30-min auto sync median ${median(runs).toFixed(0)} ms (budget 1000), offset error ${offsetErrorMs.toFixed(1)} ms; overlay values ${perFrameUs.toFixed(1)} us a frame`);
  return { autoSync30MinMedianMs: Math.round(median(runs)), autoSyncBudgetMs: 1000, offsetErrorMs: Math.round(offsetErrorMs * 10) / 10, overlayValuesPerFrameUs: Math.round(perFrameUs * 10) / 10 };
}

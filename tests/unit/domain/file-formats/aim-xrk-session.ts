/**
 * XRK files of the synthetic circuit (synthetic-track.ts) for the tests and the bench: the motion sampled at a
 * logger's GPS rate, and the logger's LAP table from the true start/finish crossings (rounded to the ms, as a
 * logger times them): the out lap from when recording started, the timed laps, the in lap to the last fix.
 */
import { createLocalProjection } from '../../../../src/domain/geo/local-projection';
import type { PositionColumns } from '../../../../src/domain/session-types';
import type { XrkFixInput, XrkLapInput, XrkWriteInput } from '../../../helpers/aim-xrk-writer';
import { GATE_S, ORIGIN, pathPoint, trueCrossingsMs, type Motion } from '../synthetic-track';

const projection = createLocalProjection(ORIGIN.lat, ORIGIN.lon);

/** A logger's lap table from its start/finish crossings (ms since recording started) and the recording's end. */
function lapTable(crossingsMs: readonly number[], endMs: number): XrkLapInput[] {
  const ends = [...crossingsMs.map(Math.round), endMs];
  return ends.map((end, k) => ({ lapNumber: k, endMs: end, durationMs: end - (k === 0 ? 0 : ends[k - 1]) }));
}

export interface SyntheticXrk {
  input: XrkWriteInput;
  /** The true start/finish crossings, ms since recording started. */
  crossingsMs: number[];
}

/** The motion as an XRK at `hz` GPS fixes a second, recording from t = 0 at `startUtcMs`. */
export function xrkOfMotion(motion: Motion, hz: number, startUtcMs: number, extra: Partial<XrkWriteInput> = {}): SyntheticXrk {
  const stepMs = 1000 / hz;
  const count = Math.floor((motion.durationS * 1000) / stepMs) + 1;
  const fixes: XrkFixInput[] = [];
  for (let i = 0; i < count; i++) {
    const tMs = i * stepMs;
    const t = tMs / 1000;
    const p = pathPoint(motion.s(t));
    const v = motion.v(t);
    fixes.push({ tMs, lat: projection.lat(p.y), lon: projection.lon(p.x), altM: 120, eastMs: v * p.dx, northMs: v * p.dy });
  }
  const crossingsMs = trueCrossingsMs(motion, GATE_S[0]);
  const laps = lapTable(crossingsMs, fixes[fixes.length - 1].tMs);
  return { input: { startUtcMs, fixes, laps, ...extra }, crossingsMs };
}

/** An XRK input from 25 Hz columns (the bench's synthetic session): velocity from the speed and the next fix's bearing. */
export function xrkInputOfColumns(p: PositionColumns, startUtcMs: number, crossingsMs: readonly number[]): XrkWriteInput {
  const fixes: XrkFixInput[] = [];
  const mPerDegLat = 111_195;
  for (let i = 0; i < p.count; i++) {
    const j = Math.min(p.count - 1, i + 1);
    const k = j === i ? Math.max(0, i - 1) : i;
    const dy = (p.lat[j] - p.lat[k]) * mPerDegLat;
    const dx = (p.lon[j] - p.lon[k]) * mPerDegLat * Math.cos((p.lat[i] * Math.PI) / 180);
    const d = Math.hypot(dx, dy) || 1;
    const v = p.speedKmh[i] / 3.6;
    fixes.push({ tMs: Math.round(p.timeMs[i]), lat: p.lat[i], lon: p.lon[i], altM: 100, eastMs: (v * dx) / d, northMs: (v * dy) / d });
  }
  return { startUtcMs, fixes, laps: lapTable(crossingsMs, fixes[fixes.length - 1].tMs) };
}

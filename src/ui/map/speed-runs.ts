/**
 * Speed-coloured trace without one feature per segment: consecutive fixes in the same speed band form a run;
 * runs of a band are grouped into one multi-line. A lap becomes at most SPEED_BANDS features whatever its length,
 * which keeps rendering cost flat. Adjacent runs share their boundary point so the line has no gaps.
 */
import { mercatorX, mercatorY } from './web-mercator';

/** @internal Exported for its tests. */
export const SPEED_BANDS = 8;

/** Slow (blue) to fast (red), readable on light and dark tiles. */
export const SPEED_BAND_COLORS = ['#2c7bb6', '#00a6ca', '#00ccbc', '#90eb9d', '#f9d057', '#f29e2e', '#e76818', '#d7191c'] as const;

/**
 * Band of a speed in [minKmh, maxKmh] (values outside are clamped).
 * @internal Exported for its tests.
 */
export function speedBand(speedKmh: number, minKmh: number, maxKmh: number): number {
  if (!(maxKmh > minKmh) || !Number.isFinite(speedKmh)) return 0;
  const f = (speedKmh - minKmh) / (maxKmh - minKmh);
  return Math.max(0, Math.min(SPEED_BANDS - 1, Math.floor(f * SPEED_BANDS)));
}

/** For each band, the flat Mercator coordinates of its runs (one Float64Array per run). */
export function speedRuns(
  lat: ArrayLike<number>,
  lon: ArrayLike<number>,
  speedKmh: ArrayLike<number>,
  from: number,
  to: number,
  minKmh: number,
  maxKmh: number,
): Float64Array[][] {
  const bands: Float64Array[][] = Array.from({ length: SPEED_BANDS }, () => []);
  let run: number[] = [];
  let band = -1;
  let lastX = NaN;
  let lastY = NaN;
  for (let i = from; i < to; i++) {
    const la = lat[i];
    const lo = lon[i];
    if (!Number.isFinite(la) || !Number.isFinite(lo) || (la === 0 && lo === 0)) continue;
    const x = mercatorX(lo);
    const y = mercatorY(la);
    const b = speedBand(speedKmh[i], minKmh, maxKmh);
    if (b !== band) {
      if (band >= 0 && run.length >= 4) bands[band].push(Float64Array.from(run));
      run = Number.isNaN(lastX) ? [] : [lastX, lastY];
      band = b;
    }
    run.push(x, y);
    lastX = x;
    lastY = y;
  }
  if (band >= 0 && run.length >= 4) bands[band].push(Float64Array.from(run));
  return bands;
}

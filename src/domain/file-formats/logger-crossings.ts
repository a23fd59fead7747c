/**
 * A logger's start/finish crossings from what its file says of them. A lap-number column only says between which
 * two rows the lap changed: the crossing lies after the fix before it and no later than the row where the number
 * went up (at 1 Hz, up to a second). Several loggers also write their own lap times, to the millisecond
 * (TrackAddict's '# Lap N' lines, RaceBox's lap list): those figures are the logger's laps, and they place the
 * crossings far better than the rows do. Consecutive laps of known time fix every crossing of the run to the
 * first one (crossing k = first + the sum of the laps before it), and each row pair bounds that first crossing;
 * the middle of what all the bounds leave is taken. Where the lap times do not fit the rows (more than
 * MAX_MISFIT_MS outside them: a file edited, a lap time from another line), the rows are kept.
 */

/** Where a file places one crossing of its logger's line (epoch ms). */
export interface CrossingWindow {
  /** The logger's lap number entered at this crossing. */
  lap: number;
  /** The crossing is after this (-Infinity when the file does not say)... */
  afterMs: number;
  /** ...and no later than this (the row where the lap number went up; equal to afterMs when the file gives it exactly). */
  atMs: number;
}

/** How far a file's own lap times may fall outside the rows that bound its crossings and still be believed, ms. */
const MAX_MISFIT_MS = 250;

/**
 * The crossings (epoch ms, one per window, in order): at the window's row, or, through runs of consecutive laps
 * whose times the file gives (`lapTimesMs` by the logger's lap number: lap N runs from the crossing into N to the
 * crossing into N + 1), placed so those times are kept exactly (see the module comment).
 */
export function crossingsFromWindows(windows: readonly CrossingWindow[], lapTimesMs?: ReadonlyMap<number, number>): number[] {
  const out = windows.map((w) => w.atMs);
  if (!lapTimesMs || lapTimesMs.size === 0) return out;
  const timeOf = (lap: number) => lapTimesMs.get(lap) ?? NaN;
  for (let k = 0; k < windows.length; ) {
    let m = k;
    while (m + 1 < windows.length && windows[m + 1].lap === windows[m].lap + 1 && timeOf(windows[m].lap) > 0) m++;
    if (m > k) placeRun(windows, k, m, timeOf, out);
    k = m + 1;
  }
  return out;
}

/** Places the crossings k..m of a run of laps of known time (see the module comment). */
function placeRun(windows: readonly CrossingWindow[], k: number, m: number, timeOf: (lap: number) => number, out: number[]): void {
  const offsets = [0];
  for (let j = k; j < m; j++) offsets.push(offsets[offsets.length - 1] + timeOf(windows[j].lap));
  let lo = -Infinity;
  let hi = Infinity;
  for (let j = k; j <= m; j++) {
    lo = Math.max(lo, windows[j].afterMs - offsets[j - k]);
    hi = Math.min(hi, windows[j].atMs - offsets[j - k]);
  }
  if (lo - hi > MAX_MISFIT_MS) return;
  const first = lo === -Infinity ? hi : (lo + hi) / 2;
  for (let j = k; j <= m; j++) out[j] = first + offsets[j - k];
}

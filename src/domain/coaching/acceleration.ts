/**
 * Acceleration from GNSS position and speed alone (no accelerometer), in g, per fix:
 * - longitudinal = dv/dt, from the speed channel (Doppler speed is far less noisy than differentiated position);
 * - lateral = v x dpsi/dt, the centripetal acceleration of the path, with psi the heading of the chord from the
 *   previous to the next fix (for a circle that chord is parallel to the tangent at the middle fix).
 * Both derivatives are Savitzky-Golay (quadratic) over SG_HALF_WINDOW samples either side: 2 x 8 + 1 = 17 fixes,
 * 0.68 s at 25 Hz. Chosen on the real Tianma RaceChrono lap against the combined g RaceChrono itself computes:
 * half-windows of 3 / 6 / 8 / 10 samples give a median difference of 0.11 / 0.06 / 0.05 / 0.04 g and peaks of
 * 2.4 / 1.9 / 1.7 / 1.6 g (RaceChrono: 1.3 g); 8 removes most of the GNSS noise while the onset of braking
 * (0.3-0.5 s) is still placed within a few metres (a centred window spreads it, it does not shift it). Rates are
 * per second from the fixes' mean interval over the same window, so a log at 10 or 20 Hz gets the same smoothing
 * in samples.
 *
 * Signs: longitudinal > 0 accelerating, < 0 braking; lateral > 0 turning right (clockwise), < 0 turning left.
 * Below MIN_TURN_SPEED_KMH the heading of a chord is GNSS noise, so lateral is 0 there. Values are clamped to
 * +-MAX_G: a glitching fix can give tens of g, which no car, kart or motorcycle on tyres reaches.
 * A gap in time over MAX_GAP_MS (a dropout, a paused logger) splits the fixes into runs smoothed separately; the
 * first and last SG_HALF_WINDOW fixes of a run, where no full window fits, take the value of the nearest fix that
 * has one (a shrunken window at a run's edge turns GNSS noise into spikes of ~2 g).
 */
import { createLocalProjection } from '../geo/local-projection';
import { derivativeWeightTable, fullWindowSlopes, RESTART_EVERY } from './savitzky-golay';

/**
 * Standard gravity, m/s^2.
 * @internal Exported for its tests.
 */
export const STANDARD_G = 9.80665;
/** Savitzky-Golay half-window, samples (17-sample window, 0.68 s at 25 Hz). */
const SG_HALF_WINDOW = 8;
const MIN_TURN_SPEED_KMH = 10;
const MAX_G = 4;
const MAX_GAP_MS = 1000;

export interface AccelerationColumns {
  count: number;
  /** Longitudinal acceleration, g (negative = braking). */
  longitudinalG: Float32Array;
  /** Lateral acceleration, g (positive = turning right). */
  lateralG: Float32Array;
}

export interface TrackColumns {
  count: number;
  /** ms, non-decreasing. */
  timeMs: ArrayLike<number>;
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  speedKmh: ArrayLike<number>;
}

const clampG = (g: number) => (g > MAX_G ? MAX_G : g < -MAX_G ? -MAX_G : Number.isFinite(g) ? g : 0);

export function accelerationOf(track: TrackColumns, halfWindow = SG_HALF_WINDOW): AccelerationColumns {
  const n = track.count;
  const out: AccelerationColumns = { count: n, longitudinalG: new Float32Array(n), lateralG: new Float32Array(n) };
  if (n < 3) return out;
  const { timeMs, lat, lon, speedKmh } = track;
  const projection = createLocalProjection(lat[0], lon[0]);
  // One pass per run over two scratch columns; the derivatives are taken in the output loop (no per-fix columns
  // of dv/dt and heading rate).
  const { heading, speed, dv, dpsi } = scratchColumns(n);
  const table = derivativeWeightTable(halfWindow);
  const { longitudinalG, lateralG } = out;
  let from = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && !(timeMs[i] - timeMs[i - 1] > MAX_GAP_MS)) continue;
    runHeading(projection, lat, lon, from, i, heading);
    for (let k = from; k < i; k++) speed[k] = speedKmh[k] / 3.6;
    // Inside the run (all but 2 x halfWindow fixes): the full window, as running sums restarted every
    // RESTART_EVERY fixes (savitzky-golay.ts), a block at a time.
    for (let first = from + halfWindow; first < i - halfWindow; first += RESTART_EVERY) {
      const end = Math.min(first + RESTART_EVERY, i - halfWindow);
      fullWindowSlopes(speed, halfWindow, first, end, dv);
      fullWindowSlopes(heading, halfWindow, first, end, dpsi);
      fullWindowG(timeMs, speed, dv, dpsi, halfWindow, first, end, out);
    }
    // The edges of the run, where the window shrinks.
    for (let k = from; k < i; k++) {
      const h = Math.min(halfWindow, k - from, i - 1 - k);
      if (h === halfWindow) {
        k = i - halfWindow - 1;
        continue;
      }
      let dv: number;
      let dpsi: number;
      if (h === 0) {
        // The run's two end fixes: the one-sided difference (a single fix: none).
        const a = i - from < 2 ? k : k === from ? k : k - 1;
        const b = i - from < 2 ? k : k === from ? k + 1 : k;
        dv = speed[b] - speed[a];
        dpsi = heading[b] - heading[a];
      } else {
        // The weights are odd (w[-j] = -w[j]): half the products.
        const w = table[h];
        dv = 0;
        dpsi = 0;
        for (let j = 1; j <= h; j++) {
          dv += w[j + h] * (speed[k + j] - speed[k - j]);
          dpsi += w[j + h] * (heading[k + j] - heading[k - j]);
        }
      }
      // Seconds per sample over the same window (the time's slope: exact for a steady rate, the mean otherwise).
      const secondsPerSample = h > 0 ? (timeMs[k + h] - timeMs[k - h]) / (2000 * h) : (timeMs[Math.min(k + 1, i - 1)] - timeMs[Math.max(k - 1, from)]) / 1000;
      if (!(secondsPerSample > 0)) continue;
      longitudinalG[k] = clampG(dv / secondsPerSample / STANDARD_G);
      const v = speed[k];
      lateralG[k] = v * 3.6 < MIN_TURN_SPEED_KMH ? 0 : clampG((v * dpsi) / secondsPerSample / STANDARD_G);
    }
    holdEdges(out, from, i, halfWindow);
    from = i;
  }
  return out;
}

/**
 * Scratch heading and speed columns, kept between calls and grown as needed: a 7 h session needs 2 x 5 MB, which
 * allocated (and zero-filled) afresh for every session add garbage-collection work in the worker. Every
 * element a call reads it has written first, so what a previous call left there never shows. dv and dpsi hold one
 * block's slopes.
 */
let scratch: { heading: Float64Array; speed: Float64Array; dv: Float64Array; dpsi: Float64Array } | null = null;
function scratchColumns(n: number): { heading: Float64Array; speed: Float64Array; dv: Float64Array; dpsi: Float64Array } {
  if (!scratch || scratch.heading.length < n) {
    scratch = { heading: new Float64Array(n), speed: new Float64Array(n), dv: new Float64Array(RESTART_EVERY), dpsi: new Float64Array(RESTART_EVERY) };
  }
  return scratch;
}

/** g at fixes first..end - 1 inside a run from their slopes per sample (dv[k - first], dpsi[k - first]). */
function fullWindowG(timeMs: ArrayLike<number>, speed: Float64Array, dv: Float64Array, dpsi: Float64Array, h: number, first: number, end: number, out: AccelerationColumns): void {
  const { longitudinalG, lateralG } = out;
  for (let k = first; k < end; k++) {
    const secondsPerSample = (timeMs[k + h] - timeMs[k - h]) / (2000 * h);
    if (!(secondsPerSample > 0)) continue;
    longitudinalG[k] = clampG(dv[k - first] / secondsPerSample / STANDARD_G);
    const metresPerSecond = speed[k];
    lateralG[k] = metresPerSecond * 3.6 < MIN_TURN_SPEED_KMH ? 0 : clampG((metresPerSecond * dpsi[k - first]) / secondsPerSample / STANDARD_G);
  }
}

/** Copies the first and last full-window values of a run over its edges (runs too short for one keep theirs). */
function holdEdges(out: AccelerationColumns, from: number, to: number, h: number): void {
  if (to - from < 2 * h + 1) return;
  for (let k = from; k < from + h; k++) {
    out.longitudinalG[k] = out.longitudinalG[from + h];
    out.lateralG[k] = out.lateralG[from + h];
  }
  for (let k = to - h; k < to; k++) {
    out.longitudinalG[k] = out.longitudinalG[to - h - 1];
    out.lateralG[k] = out.lateralG[to - h - 1];
  }
}

/**
 * Unwrapped heading (radians, clockwise from north) of fixes [from, to): the chord from the previous to the next
 * fix (extrapolated at the ends). Built as a running sum of the turn between consecutive chords, taken as
 * cross / (|a| |b|) = sin(turn): at 25 Hz a chord turns by under 0.07 rad even at 4 g, where sin(x) differs from x
 * by under 0.1 %, and no atan2 per fix is needed (the sum never wraps either). The first chord's own heading is the
 * one atan2. A chord shorter than MIN_CHORD_M (standing still) adds no turn, and the next moving chord is compared
 * with the last moving one.
 */
const MIN_CHORD_M = 0.05;
function runHeading(projection: ReturnType<typeof createLocalProjection>, lat: ArrayLike<number>, lon: ArrayLike<number>, from: number, to: number, out: Float64Array): void {
  // Local-plane x (east) and y (north), metres, computed where read (no projected columns).
  const { originLat, originLon, metresPerDegLat, metresPerDegLon } = projection;
  let previous = NaN;
  let px = 0;
  let py = 0;
  let firstDefined = -1;
  for (let k = from; k < to; k++) {
    const a = Math.max(from, k - 1);
    const b = Math.min(to - 1, k + 1);
    const dx = (lon[b] - originLon) * metresPerDegLon - (lon[a] - originLon) * metresPerDegLon;
    const dy = (lat[b] - originLat) * metresPerDegLat - (lat[a] - originLat) * metresPerDegLat;
    let psi = previous;
    const length2 = dx * dx + dy * dy;
    if (length2 >= MIN_CHORD_M * MIN_CHORD_M) {
      if (firstDefined < 0) {
        firstDefined = k;
        psi = Math.atan2(dx, dy);
      } else {
        // Clockwise (a right turn) is positive, as headings grow clockwise.
        psi = previous + (py * dx - px * dy) / Math.sqrt(length2 * (px * px + py * py));
      }
      px = dx;
      py = dy;
    }
    out[k] = psi;
    previous = psi;
  }
  // Before the first moving chord (or all standing): the first known heading, else 0.
  const fill = firstDefined >= 0 ? out[firstDefined] : 0;
  for (let k = from; k < (firstDefined >= 0 ? firstDefined : to); k++) out[k] = fill;
  // The end fixes only have a one-sided chord, whose heading lies half a step inside the run: extrapolate from
  // their neighbours' centred headings instead (exact for a steady turn).
  if (to - from >= 3 && firstDefined === from) {
    out[from] = 2 * out[from + 1] - out[from + 2];
    out[to - 1] = 2 * out[to - 2] - out[to - 3];
  }
}

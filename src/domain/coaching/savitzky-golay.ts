/**
 * Savitzky-Golay filters on evenly indexed samples: a least-squares quadratic fitted over a centred window of
 * 2h + 1 samples, evaluated at the centre (smoothing) or differentiated there (first derivative per sample).
 * Unlike a moving average, the quadratic fit keeps the height and position of peaks (a braking spike, the apex
 * of a corner) while removing the sample-to-sample noise of 25 Hz GNSS speed and position.
 *
 * Near the ends of a run the window shrinks symmetrically (h = distance to the end), down to a one-sided
 * difference at the very first and last sample, so every output is defined and no sample outside the run is read.
 */

/** Quadratic smoothing weights of half-window h: 3 (3h^2 + 3h - 1 - 5j^2) / ((2h + 1)(4h^2 + 4h - 3)). */
function smoothingWeights(h: number): Float64Array {
  const w = new Float64Array(2 * h + 1);
  const norm = (2 * h + 1) * (4 * h * h + 4 * h - 3);
  for (let j = -h; j <= h; j++) w[j + h] = (3 * (3 * h * h + 3 * h - 1 - 5 * j * j)) / norm;
  return w;
}

/** First-derivative weights of half-window h (the slope of the fit): 3j / (h (h + 1)(2h + 1)). */
function derivativeWeights(h: number): Float64Array {
  const w = new Float64Array(2 * h + 1);
  const norm = h * (h + 1) * (2 * h + 1);
  for (let j = -h; j <= h; j++) w[j + h] = (3 * j) / norm;
  return w;
}

/** Weights for every half-window from 0 to h (index = half-window), built once per call. */
function weightTable(h: number, make: (k: number) => Float64Array): Float64Array[] {
  return Array.from({ length: h + 1 }, (_, k) => (k === 0 ? new Float64Array([1]) : make(k)));
}

/**
 * Smooths `values[from..to)` into `out[from..to)` with half-window h (h = 0 copies). The quadratic weights need
 * h >= 2 to smooth anything (h = 1 reproduces the input), so half-windows 1 near the ends are copies.
 * @internal Exported for its tests.
 */
export function sgSmooth(values: ArrayLike<number>, h: number, out: Float64Array = new Float64Array(values.length), from = 0, to = values.length): Float64Array {
  const table = weightTable(h, (k) => (k === 1 ? new Float64Array([0, 1, 0]) : smoothingWeights(k)));
  for (let i = from; i < to; i++) {
    const k = Math.min(h, i - from, to - 1 - i);
    const w = table[k];
    let s = 0;
    for (let j = -k; j <= k; j++) s += w[j + k] * values[i + j];
    out[i] = s;
  }
  return out;
}

/**
 * First derivative per sample of `values[from..to)` into `out[from..to)` (divide by the sample spacing for a
 * rate). At the two end samples, where no centred window fits, the one-sided difference.
 * @internal Exported for its tests.
 */
export function sgDerivative(values: ArrayLike<number>, h: number, out: Float64Array = new Float64Array(values.length), from = 0, to = values.length): Float64Array {
  const table = derivativeWeightTable(h);
  for (let i = from; i < to; i++) {
    const k = Math.min(h, i - from, to - 1 - i);
    if (k === 0) {
      out[i] = to - from < 2 ? 0 : i === from ? values[i + 1] - values[i] : values[i] - values[i - 1];
      continue;
    }
    // The weights are odd (w[-j] = -w[j]): half the products.
    const w = table[k];
    let s = 0;
    for (let j = 1; j <= k; j++) s += w[j + k] * (values[i + j] - values[i - j]);
    out[i] = s;
  }
  return out;
}

/**
 * The first-derivative weights of every half-window from 0 to h (index = half-window; entry j + k of table[k] is
 * the weight of sample j), for callers that fuse the derivative into their own pass (acceleration.ts): summed as
 * in sgDerivative, w[j + k] (v[i + j] - v[i - j]) for j = 1..k, they give the same value to the last bit.
 */
export function derivativeWeightTable(h: number): Float64Array[] {
  return weightTable(h, derivativeWeights);
}

/** Samples between exact restarts of the running sums (fullWindowSlopes). */
export const RESTART_EVERY = 64;

/**
 * The Savitzky-Golay slope per sample over the full window (w_j = 3j / (h (h + 1)(2h + 1))) at k = first..end - 1,
 * into out[k - first], as running sums: with S(k) = sum of j x[k + j] and W(k) = sum of x[k + j] over j = -h..h,
 *   W(k + 1) = W(k) - x[k - h] + x[k + h + 1],  S(k + 1) = S(k) + h x[k - h] + (h + 1) x[k + h + 1] - W(k + 1),
 * four operations a sample instead of 2h multiply-adds. Both sums are taken of x minus x[first], which leaves S
 * unchanged (the j sum to 0) and keeps every term a small number: the unwrapped heading of a 7 h session reaches
 * thousands of radians, and rounding at that size, carried along, would show in a float32 g. Every RESTART_EVERY
 * samples the caller starts a new call, so the sums are taken afresh and rounding cannot build up either: the slope
 * then differs from the weights summed one by one (sgDerivative) only in the last bits of a double
 * (acceleration.test.ts), and the 7 h bench session's g, stored as float32, came out identical. Short calls also
 * suit a browser's compiler: a function called thousands of times is optimised whole, where one long loop in a
 * function called once a session runs in whatever tier its loop was replaced with.
 */
export function fullWindowSlopes(x: Float64Array, h: number, first: number, end: number, out: Float64Array): void {
  const base = x[first];
  let s = 0;
  let w = 0;
  for (let j = -h; j <= h; j++) {
    const d = x[first + j] - base;
    s += j * d;
    w += d;
  }
  const scale = 3 / (h * (h + 1) * (2 * h + 1));
  out[0] = s * scale;
  for (let k = first + 1; k < end; k++) {
    const leave = x[k - 1 - h] - base;
    const enter = x[k + h] - base;
    w += enter - leave;
    s += h * leave + (h + 1) * enter - w;
    out[k - first] = s * scale;
  }
}

/**
 * Consistency of a driver over a session (what AiM, RaceChrono and LapWing show, not in the spec): the spread of
 * the racing laps' times (lap-kinds.ts: out-laps, in-laps, pit laps and laps beyond 107 % would only widen it with
 * what the driver did not try to do fast), and how many of them are within 1 % of the best. One definition for
 * the whole screen, shown with the laps it covers. The standard deviation is the sample one (n - 1), 0 for fewer
 * than two laps.
 */

export interface Consistency {
  /** The laps the figures cover, in order. */
  lapNumbers: number[];
  stdDevMs: number;
  /** Slowest minus fastest, ms (0 for one lap, NaN for none). */
  rangeMs: number;
  /** Laps with time <= best * (1 + withinFraction). */
  withinOnePercent: number;
}

export function consistency(laps: readonly { lapNumber: number; timeMs: number }[], withinFraction = 0.01): Consistency {
  const covered = laps.filter((l) => Number.isFinite(l.timeMs) && l.timeMs > 0);
  const times = covered.map((l) => l.timeMs);
  const n = times.length;
  if (n === 0) return { lapNumbers: [], stdDevMs: 0, rangeMs: NaN, withinOnePercent: 0 };
  const mean = times.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? times.reduce((a, t) => a + (t - mean) ** 2, 0) / (n - 1) : 0;
  let best = Infinity;
  let worst = -Infinity;
  for (const t of times) {
    if (t < best) best = t;
    if (t > worst) worst = t;
  }
  const limit = best * (1 + withinFraction);
  return { lapNumbers: covered.map((l) => l.lapNumber), stdDevMs: Math.sqrt(variance), rangeMs: worst - best, withinOnePercent: times.filter((t) => t <= limit).length };
}

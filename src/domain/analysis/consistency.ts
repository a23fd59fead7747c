/**
 * Consistency of a driver over a session (what AiM, RaceChrono and LapWing show, not in the spec):
 * the standard deviation of the valid lap times and how many valid laps are within 1 % of the best.
 * The standard deviation is the sample one (n - 1), 0 for fewer than two laps.
 */

export interface Consistency {
  validLaps: number;
  stdDevMs: number;
  /** Laps with time <= best * (1 + withinFraction). */
  withinOnePercent: number;
}

export function consistency(validLapTimesMs: readonly number[], withinFraction = 0.01): Consistency {
  const times = validLapTimesMs.filter((t) => Number.isFinite(t) && t > 0);
  const n = times.length;
  if (n === 0) return { validLaps: 0, stdDevMs: 0, withinOnePercent: 0 };
  const mean = times.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? times.reduce((a, t) => a + (t - mean) ** 2, 0) / (n - 1) : 0;
  let best = Infinity;
  for (const t of times) if (t < best) best = t;
  const limit = best * (1 + withinFraction);
  return { validLaps: n, stdDevMs: Math.sqrt(variance), withinOnePercent: times.filter((t) => t <= limit).length };
}

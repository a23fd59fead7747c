/**
 * Refines an offset by matching two speed curves: the camera's GPS speed (by video time) and the session's speed
 * (by session time). Both are sampled on one grid of session time; the shift with the highest correlation
 * (Pearson, over the overlap) wins, first coarse over the whole search window, then finer and finer around the
 * peak, with a parabola through the three best last values for a sub-step answer. Cost: samples x lags per
 * stage, a 30-minute video is some tens of millions of multiply-adds in all.
 */

/** A speed curve: ascending times (ms) and speeds (any one unit, the same for both curves). */
export interface SpeedCurve {
  timeMs: ArrayLike<number>;
  speed: ArrayLike<number>;
}

export interface CorrelationResult {
  /** Shift to add to the camera curve's times, ms. */
  shiftMs: number;
  /** Pearson correlation at the shift (1 = same shape). */
  score: number;
}

/**
 * Linear interpolation of a curve on a grid; NaN outside it.
 * @internal Exported for its tests.
 */
export function resampleCurve(curve: SpeedCurve, startMs: number, stepMs: number, count: number): Float64Array {
  const out = new Float64Array(count).fill(NaN);
  const n = curve.timeMs.length;
  if (n < 2) return out;
  let j = 0;
  for (let i = 0; i < count; i++) {
    const t = startMs + i * stepMs;
    if (t < curve.timeMs[0] || t > curve.timeMs[n - 1]) continue;
    while (j < n - 2 && curve.timeMs[j + 1] < t) j++;
    const t0 = curve.timeMs[j];
    const t1 = curve.timeMs[j + 1];
    const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
    out[i] = curve.speed[j] + f * (curve.speed[j + 1] - curve.speed[j]);
  }
  return out;
}

/** Pearson correlation of a[i] with b[i + lag] over the samples where both are numbers (NaN if too few). */
function correlationAt(a: Float64Array, b: Float64Array, lag: number, minOverlap: number): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  const from = Math.max(0, -lag);
  const to = Math.min(a.length, b.length - lag);
  for (let i = from; i < to; i++) {
    const x = a[i];
    const y = b[i + lag];
    if (x !== x || y !== y) continue;
    n++;
    sa += x;
    sb += y;
    saa += x * x;
    sbb += y * y;
    sab += x * y;
  }
  if (n < minOverlap) return NaN;
  const cov = sab - (sa * sb) / n;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  if (!(va > 0) || !(vb > 0)) return NaN;
  return cov / Math.sqrt(va * vb);
}

interface Stage {
  stepMs: number;
  /** Lags searched either side of the centre, in steps. */
  halfLags: number;
  centreMs: number;
}

function bestLag(camera: SpeedCurve, session: SpeedCurve, stage: Stage): { lagMs: number; bestK: number; score: number; scores: Map<number, number> } {
  const n = camera.timeMs.length;
  const startMs = camera.timeMs[0] + stage.centreMs;
  const count = Math.max(0, Math.floor((camera.timeMs[n - 1] - camera.timeMs[0]) / stage.stepMs) + 1);
  const a = resampleCurve(camera, camera.timeMs[0], stage.stepMs, count);
  // b covers the camera's span moved by every lag searched.
  const b = resampleCurve(session, startMs - stage.halfLags * stage.stepMs, stage.stepMs, count + 2 * stage.halfLags);
  const minOverlap = Math.max(8, Math.floor(count / 4));
  let best = -Infinity;
  let bestK = 0;
  const scores = new Map<number, number>();
  for (let k = -stage.halfLags; k <= stage.halfLags; k++) {
    const r = correlationAt(a, b, k + stage.halfLags, minOverlap);
    scores.set(k, r);
    if (r > best) {
      best = r;
      bestK = k;
    }
  }
  return { lagMs: stage.centreMs + bestK * stage.stepMs, bestK, score: best, scores };
}

export interface CorrelationOptions {
  /** First guess of the shift, ms. */
  guessMs: number;
  /** How far either side of the guess to search, ms. */
  windowMs: number;
  /** Grid of the last stage, ms (default 5). */
  fineStepMs?: number;
}

/** Lags either side of the centre searched by the first stage (its grid follows from the window). */
const FIRST_STAGE_HALF_LAGS = 600;
/** The first stage's grid is never finer than this (ms): a finer one only costs time before the refinement. */
const FIRST_STAGE_MIN_STEP_MS = 100;
/** Each stage's grid is this many times finer than the one before. */
const REFINE_FACTOR = 4;

/**
 * The best shift of the camera curve onto the session curve, or null when the curves do not overlap. Stages from
 * a grid that covers the window in at most ~1,200 lags (and no finer than 100 ms) down to `fineStepMs`, each searching two steps of the stage before
 * either side of its peak.
 */
export function correlateSpeed(camera: SpeedCurve, session: SpeedCurve, options: CorrelationOptions): CorrelationResult | null {
  if (camera.timeMs.length < 2 || session.timeMs.length < 2) return null;
  const fineStepMs = options.fineStepMs ?? 5;
  let stepMs = Math.max(fineStepMs, FIRST_STAGE_MIN_STEP_MS, options.windowMs / FIRST_STAGE_HALF_LAGS);
  let stage = bestLag(camera, session, { stepMs, halfLags: Math.ceil(options.windowMs / stepMs), centreMs: options.guessMs });
  if (!Number.isFinite(stage.score)) return null;
  while (stepMs > fineStepMs) {
    const nextStep = Math.max(fineStepMs, stepMs / REFINE_FACTOR);
    const next = bestLag(camera, session, { stepMs: nextStep, halfLags: Math.ceil((2 * stepMs) / nextStep), centreMs: stage.lagMs });
    if (!Number.isFinite(next.score)) break;
    stage = next;
    stepMs = nextStep;
  }
  let shiftMs = stage.lagMs;
  const centreK = stage.bestK;
  const left = stage.scores.get(centreK - 1);
  const right = stage.scores.get(centreK + 1);
  if (left !== undefined && right !== undefined && Number.isFinite(left) && Number.isFinite(right)) {
    const curvature = left - 2 * stage.score + right;
    if (curvature < 0) shiftMs += (0.5 * (left - right) * stepMs) / curvature;
  }
  return { shiftMs, score: stage.score };
}

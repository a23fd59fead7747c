/**
 * A video's frame rate from the presentation times of frames shown one after another (a WebM has no index here
 * that says it; the browser's frame callbacks give each shown frame's media time). The typical interval is the
 * median of the steps (a dropped or repeated frame does not move it); a rate a few percent from a common camera
 * rate is snapped to it (23.976, 25, 29.97, 30, 50, 59.94, 60...). Intervals that differ by more than a tenth
 * from the median in more than a few of the steps mean a variable frame rate (phones).
 */

const COMMON_RATES = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 90, 100, 119.88, 120, 240];
/** Snap to a common rate within this fraction. */
const SNAP = 0.01;

export interface MeasuredFrameRate {
  fps: number;
  variableFrameRate: boolean;
}

/** The rate of frames shown at `mediaTimesS` (ascending, one per frame); null with fewer than three frames. */
export function frameRateFromTimes(mediaTimesS: readonly number[]): MeasuredFrameRate | null {
  const steps: number[] = [];
  for (let i = 1; i < mediaTimesS.length; i++) {
    const d = mediaTimesS[i] - mediaTimesS[i - 1];
    if (d > 0) steps.push(d);
  }
  if (steps.length < 2) return null;
  const sorted = [...steps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  let fps = 1 / median;
  let common = NaN;
  for (const r of COMMON_RATES) if (Math.abs(r - fps) / r <= SNAP && !(Math.abs(common - fps) <= Math.abs(r - fps))) common = r;
  if (Number.isFinite(common)) fps = common;
  // A skipped frame is a double step: only steps off by other amounts count as uneven.
  const uneven = steps.filter((d) => {
    const frames = Math.max(1, Math.round(d / median));
    return Math.abs(d - frames * median) > 0.1 * median;
  }).length;
  return { fps, variableFrameRate: uneven > Math.max(1, steps.length / 10) };
}

/**
 * Whether an MP4 track's frames last differently enough to be a variable frame rate (a phone's): its longest
 * sample duration more than a tenth over its shortest, over three frames or more.
 */
export function unevenSampleDurations(samples: readonly { duration: number }[]): boolean {
  let min = Infinity;
  let max = 0;
  for (const s of samples) {
    if (s.duration < min) min = s.duration;
    if (s.duration > max) max = s.duration;
  }
  return samples.length > 2 && max > min * 1.1;
}

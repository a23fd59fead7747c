/**
 * How far an import has got, by bytes: the file read by parts, then its text parsed (formats that read row by row
 * say how far they are), then the laps timed and the texts written. The worker reports it while it works, the
 * library's import line shows it as a bar. Reports are throttled: a 2 h file is parsed in a fraction of a second,
 * and a message per row (or per part) would cost more than the parse.
 */

type ImportStage = 'reading' | 'parsing' | 'timing';

export interface ImportProgress {
  stage: ImportStage;
  /** Bytes of the file read, or parsed, so far (the whole file once timing). */
  bytes: number;
  totalBytes: number;
}

export type ImportProgressListener = (progress: ImportProgress) => void;

/** Share of the bar each stage fills, in order (reading, parsing, timing and writing). */
const STAGE_SHARE: Record<ImportStage, [from: number, to: number]> = {
  reading: [0, 0.4],
  parsing: [0.4, 0.9],
  timing: [0.9, 1],
};

/** The share of an import done, 0 to 1: each stage fills its part of the bar by bytes. */
export function importProgressFraction(progress: ImportProgress): number {
  const [from, to] = STAGE_SHARE[progress.stage];
  const within = progress.totalBytes > 0 ? Math.min(1, Math.max(0, progress.bytes / progress.totalBytes)) : 1;
  return from + (to - from) * (progress.stage === 'timing' ? 0 : within);
}

/**
 * A listener that passes on at most one report per `intervalMs`, except that a new stage and a stage's last
 * bytes always pass (so the bar never stops short of a stage's end).
 */
export function throttleProgress(listener: ImportProgressListener, intervalMs = 100, now: () => number = () => performance.now()): ImportProgressListener {
  let lastAt = -Infinity;
  let lastStage: ImportStage | null = null;
  return (progress) => {
    const t = now();
    const complete = progress.bytes >= progress.totalBytes;
    if (progress.stage === lastStage && !complete && t - lastAt < intervalMs) return;
    lastAt = t;
    lastStage = progress.stage;
    listener(progress);
  };
}

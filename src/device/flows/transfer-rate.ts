/**
 * Speed and time left of a running download, from (time, bytes received) samples taken on the flow's clock.
 * Pure: the transfer queue records the samples, tests feed them directly.
 *
 * The speed is measured over the last WINDOW_MS of samples (a BLE link's rate changes with distance and radio
 * noise, so the whole run's average would lag), and is only given once MIN_SPAN_MS of data exists: the first
 * chunks after a request say nothing about the rate yet.
 */
export interface RateSample {
  /** Clock time, ms. */
  atMs: number;
  /** Bytes received so far in this run. */
  bytes: number;
}

export interface TransferEstimate {
  bytesPerSecond: number;
  /** Whole seconds left at that speed (rounded up), for everything queued in this run. */
  secondsLeft: number;
}

/** @internal Exported for its tests. */
export const WINDOW_MS = 8_000;
/** @internal Exported for its tests. */
export const MIN_SPAN_MS = 1_000;
/** Samples closer together than this are merged (one per chunk would grow the list for nothing). */
const SAMPLE_EVERY_MS = 200;

/** Adds a sample, keeping only what the window needs (plus one older sample to span it). Returns the same array. */
export function addSample(samples: RateSample[], sample: RateSample): RateSample[] {
  const last = samples[samples.length - 1];
  if (last && sample.atMs - last.atMs < SAMPLE_EVERY_MS && samples.length > 1) samples[samples.length - 1] = sample;
  else samples.push(sample);
  while (samples.length > 2 && samples[1].atMs <= sample.atMs - WINDOW_MS) samples.shift();
  return samples;
}

/** The estimate for `remainingBytes` still to come, or null while there is too little to measure. */
export function estimateTransfer(samples: readonly RateSample[], remainingBytes: number): TransferEstimate | null {
  if (samples.length < 2) return null;
  const last = samples[samples.length - 1];
  let first = samples[0];
  for (const s of samples) {
    if (s.atMs >= last.atMs - WINDOW_MS) {
      first = s;
      break;
    }
  }
  const spanMs = last.atMs - first.atMs;
  const bytes = last.bytes - first.bytes;
  if (spanMs < MIN_SPAN_MS || bytes <= 0) return null;
  const bytesPerSecond = (bytes * 1000) / spanMs;
  return { bytesPerSecond, secondsLeft: Math.ceil(Math.max(0, remainingBytes) / bytesPerSecond) };
}

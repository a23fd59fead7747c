import { describe, expect, it } from 'vitest';
import { addSample, estimateTransfer, MIN_SPAN_MS, WINDOW_MS, type RateSample } from '../../../src/device/flows/transfer-rate';

describe('transfer speed and time left', () => {
  it('gives the speed and the whole seconds left once a second of data exists', () => {
    const samples: RateSample[] = [];
    addSample(samples, { atMs: 0, bytes: 0 });
    addSample(samples, { atMs: 500, bytes: 14_000 });
    expect(estimateTransfer(samples, 1_000_000)).toBeNull();
    addSample(samples, { atMs: 2_000, bytes: 56_000 });
    // Three sessions of 2.45 MB at 28 kB/s: about 263 s.
    expect(estimateTransfer(samples, 3 * 2_450_000 - 56_000)).toEqual({ bytesPerSecond: 28_000, secondsLeft: 261 });
  });

  it('follows the recent speed, not the whole run average, when the link slows down', () => {
    const samples: RateSample[] = [];
    for (let t = 0; t <= 20_000; t += 1000) addSample(samples, { atMs: t, bytes: t * 40 });
    // Then 10 s at a quarter of the speed.
    for (let t = 21_000; t <= 30_000; t += 1000) addSample(samples, { atMs: t, bytes: 800_000 + (t - 20_000) * 10 });
    const estimate = estimateTransfer(samples, 100_000)!;
    expect(estimate.bytesPerSecond).toBe(10_000);
    expect(estimate.secondsLeft).toBe(10);
    // Only what the window needs is kept.
    expect(samples[1].atMs).toBeGreaterThan(30_000 - WINDOW_MS);
  });

  it('says nothing while no byte arrives, and nothing is left once everything arrived', () => {
    const stalled: RateSample[] = [];
    addSample(stalled, { atMs: 0, bytes: 500 });
    addSample(stalled, { atMs: MIN_SPAN_MS * 3, bytes: 500 });
    expect(estimateTransfer(stalled, 1000)).toBeNull();
    const done: RateSample[] = [];
    addSample(done, { atMs: 0, bytes: 0 });
    addSample(done, { atMs: 2000, bytes: 4000 });
    expect(estimateTransfer(done, 0)).toEqual({ bytesPerSecond: 2000, secondsLeft: 0 });
  });

  it('merges samples closer than the sampling step', () => {
    const samples: RateSample[] = [];
    addSample(samples, { atMs: 0, bytes: 0 });
    for (let t = 10; t < 150; t += 10) addSample(samples, { atMs: t, bytes: t });
    expect(samples.length).toBe(2);
  });
});

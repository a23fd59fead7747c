import { describe, expect, it } from 'vitest';
import { crossingsFromWindows, type CrossingWindow } from '../../../../src/domain/file-formats/logger-crossings';

/** Rows at 1 Hz: the lap number goes up at the first row after each true crossing. */
function windowsOf(trueCrossingsMs: readonly number[], rowMs = 1000, firstLap = 1): CrossingWindow[] {
  return trueCrossingsMs.map((t, k) => {
    const atMs = Math.ceil(t / rowMs) * rowMs;
    return { lap: firstLap + k, afterMs: atMs - rowMs, atMs };
  });
}

describe("a logger's crossings from its rows and its own lap times", () => {
  const truth = [12_345.6, 95_678.9, 178_012.3, 260_456.7, 342_890.1];
  const lapTimes = new Map(truth.slice(1).map((t, k) => [k + 1, t - truth[k]]));

  it('keeps the lap times exactly and places the run within the rows that bound every crossing', () => {
    const out = crossingsFromWindows(windowsOf(truth), lapTimes);
    out.slice(1).forEach((c, k) => expect(c - out[k]).toBeCloseTo(lapTimes.get(k + 1)!, 9));
    const windows = windowsOf(truth);
    out.forEach((c, k) => {
      expect(c).toBeGreaterThanOrEqual(windows[k].afterMs);
      expect(c).toBeLessThanOrEqual(windows[k].atMs);
    });
    // Five 1 s windows of different phase leave the first crossing within their overlap (here 0.3 s wide).
    expect(Math.abs(out[0] - truth[0])).toBeLessThan(300);
  });

  it('keeps the rows where there are no lap times, or where the lap times do not fit the rows', () => {
    const windows = windowsOf(truth);
    expect(crossingsFromWindows(windows)).toEqual(windows.map((w) => w.atMs));
    const wrong = new Map([...lapTimes].map(([lap, ms]) => [lap, ms + 2000]));
    expect(crossingsFromWindows(windows, wrong)).toEqual(windows.map((w) => w.atMs));
  });

  it('places each run of consecutive laps on its own, and a crossing whose lap number skips starts a new run', () => {
    const windows = windowsOf(truth);
    windows[3] = { ...windows[3], lap: 9 };
    windows[4] = { ...windows[4], lap: 10 };
    const times = new Map([
      [1, lapTimes.get(1)!],
      [2, lapTimes.get(2)!],
      [9, lapTimes.get(4)!],
    ]);
    const out = crossingsFromWindows(windows, times);
    expect(out[1] - out[0]).toBeCloseTo(lapTimes.get(1)!, 9);
    expect(out[2] - out[1]).toBeCloseTo(lapTimes.get(2)!, 9);
    expect(out[4] - out[3]).toBeCloseTo(lapTimes.get(4)!, 9);
  });

  it('takes the rows’ upper bound when the file says nothing of the lower one', () => {
    const windows = windowsOf(truth.slice(0, 2)).map((w) => ({ ...w, afterMs: -Infinity }));
    const out = crossingsFromWindows(windows, lapTimes);
    expect(out[1]).toBeLessThanOrEqual(windows[1].atMs);
    expect(out[1] - out[0]).toBeCloseTo(lapTimes.get(1)!, 9);
  });
});

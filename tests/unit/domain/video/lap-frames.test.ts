import { describe, expect, it } from 'vitest';
import { constantFrameClock, tableFrameClock } from '../../../../src/domain/video/frame-clock';
import { frameInWindow, frameLabelTime, labelTimeAt, lapFrames } from '../../../../src/domain/video/lap-frames';
import type { LapSpan } from '../../../../src/domain/video/lap-times';
import { exportWindow } from '../../../../src/domain/video/export-plan';
import { overlayValuesAt } from '../../../../src/domain/video/overlay-values';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { sessionTimeAt } from '../../../../src/domain/video/video-clock';

/** A 25 Hz session: the out lap to 20 s, lap 1 from 20.013 s, lap 2 from 166.873 s (2:26.86 later), lap 3 from 300.5 s. */
const LAP_STARTS = [0, 20_013, 166_873, 300_500];
function session(): PositionColumns {
  const times: number[] = [];
  for (let t = 0; t <= 400_000; t += 40) times.push(t);
  // The crossings are fixes of their own (the device's interpolated start/finish crossing).
  for (const s of LAP_STARTS) if (!times.includes(s)) times.push(s);
  times.sort((a, b) => a - b);
  const n = times.length;
  const p: PositionColumns = { count: n, lap: new Int32Array(n), timeMs: new Float64Array(times), lat: new Float64Array(n), lon: new Float64Array(n), speedKmh: new Float32Array(n).fill(100), distanceM: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    p.lap[i] = LAP_STARTS.filter((s) => s <= times[i]).length - 1;
    p.distanceM[i] = times[i] / 36;
  }
  return p;
}
const spans: LapSpan[] = LAP_STARTS.map((startMs, lap) => ({ lap, startMs, endMs: LAP_STARTS[lap + 1] ?? 400_000 }));
const laps = [1, 2, 3].map((lapNumber) => ({ lapNumber, timeMs: (LAP_STARTS[lapNumber + 1] ?? 400_000) - LAP_STARTS[lapNumber], valid: true, sectors: [] }));

describe('which frame starts a lap (one rule for the player and the export)', () => {
  it('labels the frame on screen at the crossing with the new lap at 00:00.00, every other frame by its start', () => {
    // A 30 fps frame from 166.860 s to 166.893 s holds lap 2's crossing (166.873 s).
    expect(frameLabelTime(spans, 166_860, 166_893.3)).toBe(166_873);
    expect(frameLabelTime(spans, 166_826.7, 166_860)).toBe(166_826.7);
    expect(frameLabelTime(spans, 166_893.3, 166_926.7)).toBe(166_893.3);
    // A crossing exactly at a frame's start: that frame starts the lap (by its own start).
    expect(frameLabelTime(spans, 166_873, 166_906)).toBe(166_873);
    expect(frameLabelTime(spans, 166_840, 166_873)).toBe(166_840);
  });

  it('shows LAP 2 00:00.00 on the first frame of an exported lap 2, where the frame’s start still reads lap 1 at 2:26.86', () => {
    const positions = session();
    const clock = constantFrameClock(30, 600);
    const sync = { offsetMs: -3_000, rate: 1 };
    const window = exportWindow(spans, sync, 600, { kind: 'laps', from: 2, to: 2 });
    if (!window.ok) throw new Error('lap 2 is covered');
    // The export's first frame: the one on screen at the window's start.
    const first = [...Array(clock.count).keys()].find((k) => frameInWindow(clock.startOf(k), clock.startOf(k + 1), window.startS, window.endS))!;
    const byStart = overlayValuesAt(positions, spans, laps, sessionTimeAt(sync, clock.startOf(first)), null);
    expect(byStart.lap).toBe(1);
    // Lap 1 is 2:26.860 long: its timer at the frame's start is within a frame of its end.
    expect(byStart.lapElapsedMs).toBeGreaterThan(146_860 - 1000 / 30);
    expect(byStart.lapElapsedMs).toBeLessThan(146_860);
    const labelled = overlayValuesAt(positions, spans, laps, labelTimeAt(clock, sync, spans, clock.startOf(first)), null);
    expect(labelled).toMatchObject({ lap: 2, lapElapsedMs: 0 });
    // The player, paused anywhere in that frame (its middle after a seek), reads the same.
    expect(overlayValuesAt(positions, spans, laps, labelTimeAt(clock, sync, spans, clock.seekTimeOf(first)), null)).toMatchObject({ lap: 2, lapElapsedMs: 0 });
    // It is lap 2's first frame for the player too; the frame before is lap 1's last, and the export's last frame
    // is the one before lap 3's first.
    expect(lapFrames(clock, sync, spans[2])).toEqual({ first, last: lapFrames(clock, sync, spans[3])!.first - 1 });
    const last = [...Array(clock.count).keys()].filter((k) => frameInWindow(clock.startOf(k), clock.startOf(k + 1), window.startS, window.endS)).at(-1);
    expect(last).toBe(lapFrames(clock, sync, spans[2])!.last);
    expect(overlayValuesAt(positions, spans, laps, labelTimeAt(clock, sync, spans, clock.startOf(first - 1)), null).lap).toBe(1);
  });

  it('keeps the rule on a variable frame rate and at the video’s end', () => {
    const starts = new Float64Array([0, 0.0167, 0.0333, 0.075, 0.1167, 0.1583]);
    const clock = tableFrameClock(starts, 0.2);
    // Media time 0 is session time 166.800 s: lap 2's crossing (166.873 s) is in frame 2 (0.0333-0.075 s).
    const sync = { offsetMs: 166_800, rate: 1 };
    expect(labelTimeAt(clock, sync, spans, 0.05)).toBe(166_873);
    expect(labelTimeAt(clock, sync, spans, 0.02)).toBeCloseTo(166_816.7, 6);
    expect(lapFrames(clock, sync, spans[2])).toEqual({ first: 2, last: 5 });
    expect(lapFrames(clock, sync, spans[1])).toEqual({ first: 0, last: 1 });
    // A window to the video's end keeps its last frame.
    expect(frameInWindow(0.1583, 0.2, 0.05, 0.2)).toBe(true);
    expect(frameInWindow(0.1583, 0.2, 0.05, 0.19)).toBe(false);
    expect(frameInWindow(0.1583, 0.2, 0.05, 0.19, true)).toBe(true);
    expect(frameInWindow(0.0333, 0.075, 0.05, 0.19)).toBe(true);
    expect(frameInWindow(0.0167, 0.0333, 0.05, 0.19)).toBe(false);
  });
});

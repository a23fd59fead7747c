import { describe, expect, it } from 'vitest';
import { constantFrameClock, presentationStarts, seekTimeForSessionOn, stepFramesOn, stepSecondsOn, tableFrameClock } from '../../../../src/domain/video/frame-clock';

/** A phone's variable frame rate: 60 fps in daylight for a second, then 24 fps in a tunnel for two (108 frames). */
function phoneStarts(): Float64Array {
  const out = new Float64Array(108);
  for (let k = 1; k < 108; k++) out[k] = out[k - 1] + (k <= 60 ? 1 / 60 : 1 / 24);
  return out;
}

describe('the frames of a constant-rate video', () => {
  it('numbers frames from 0, seeks to their middle and steps within the video', () => {
    const clock = constantFrameClock(25, 10);
    expect(clock.kind).toBe('constant');
    expect(clock.count).toBe(250);
    expect(clock.frameAt(0)).toBe(0);
    expect(clock.frameAt(-1)).toBe(0);
    expect(clock.frameAt(0.1)).toBe(2);
    expect(clock.seekTimeOf(3)).toBeCloseTo(0.14, 12);
    expect(clock.startOf(3)).toBeCloseTo(0.12, 12);
    expect(clock.frameAt(stepFramesOn(clock, clock.seekTimeOf(10), 1))).toBe(11);
    expect(clock.frameAt(stepFramesOn(clock, clock.seekTimeOf(249), 1))).toBe(249);
    expect(clock.frameAt(stepFramesOn(clock, clock.seekTimeOf(0), -1))).toBe(0);
    expect(clock.frameAt(stepSecondsOn(clock, clock.seekTimeOf(10), 1))).toBe(35);
    expect(clock.frameAt(stepSecondsOn(clock, clock.seekTimeOf(10), -1))).toBe(0);
  });
});

describe('the frames of a variable-frame-rate video, from its own frame times', () => {
  const starts = phoneStarts();
  const durationS = starts[107] + 1 / 24;
  const clock = tableFrameClock(starts, durationS);

  it('finds the frame shown at any time, even where frames last differently', () => {
    expect(clock.kind).toBe('table');
    expect(clock.count).toBe(108);
    for (let k = 0; k < 108; k++) {
      expect(clock.frameAt(starts[k])).toBe(k);
      expect(clock.frameAt(clock.seekTimeOf(k))).toBe(k);
    }
    expect(clock.frameAt(-0.5)).toBe(0);
    expect(clock.frameAt(100)).toBe(107);
    expect(clock.startOf(108)).toBeCloseTo(durationS, 12);
  });

  it('steps exactly one frame each way, where a constant average rate would skip or repeat frames', () => {
    const average = constantFrameClock(108 / durationS, durationS);
    let t = clock.seekTimeOf(0);
    let averageSkipsOrRepeats = false;
    for (let k = 1; k <= 107; k++) {
      t = stepFramesOn(clock, t, 1);
      expect(clock.frameAt(t)).toBe(k);
      const byAverage = average.seekTimeOf(k);
      if (clock.frameAt(byAverage) !== k) averageSkipsOrRepeats = true;
    }
    expect(averageSkipsOrRepeats).toBe(true);
    for (let k = 106; k >= 0; k--) {
      t = stepFramesOn(clock, t, -1);
      expect(clock.frameAt(t)).toBe(k);
    }
  });

  it('steps a second by time, whatever the number of frames in it', () => {
    // From frame 0, a second on is the first tunnel frame (60), not 36 frames on as the average rate would say.
    expect(clock.frameAt(stepSecondsOn(clock, clock.seekTimeOf(0), 1))).toBe(60);
    // From frame 60, a second on is 24 frames on.
    expect(clock.frameAt(stepSecondsOn(clock, clock.seekTimeOf(60), 1))).toBe(84);
    expect(clock.frameAt(stepSecondsOn(clock, clock.seekTimeOf(84), -1))).toBe(60);
  });

  it('maps a session time to the frame showing it, and none before the video', () => {
    const sync = { offsetMs: 1_000, rate: 1 };
    expect(clock.frameAt(seekTimeForSessionOn(clock, sync, 1_000 + starts[7] * 1000 + 1)!)).toBe(7);
    expect(seekTimeForSessionOn(clock, sync, 999)).toBeNull();
  });

  it('refuses an empty table', () => {
    expect(() => tableFrameClock(new Float64Array(0), 1)).toThrow();
  });
});

describe('frame times from an MP4 sample table', () => {
  it('orders presentation times and starts the track at its edit', () => {
    // B-frames: decode order 0, 3, 1, 2 (cts in a 1000 timescale), shifted by 2 frames an encoder cancels in its edit.
    const samples = [{ cts: 80 }, { cts: 200 }, { cts: 120 }, { cts: 160 }];
    expect(Array.from(presentationStarts(samples, 1000, [{ segmentDuration: 160, mediaTime: 80 }]))).toEqual([0, 0.04, 0.08, 0.12]);
  });

  it('delays the track by a leading empty edit and leaves out frames before the edit', () => {
    const samples = [{ cts: 0 }, { cts: 500 }, { cts: 1000 }];
    const starts = presentationStarts(samples, 1000, [{ segmentDuration: 300, mediaTime: -1 }, { segmentDuration: 1000, mediaTime: 500 }], 600);
    expect(Array.from(starts)).toEqual([0.5, 1]);
  });

  it('uses the times as they are without an edit list', () => {
    expect(Array.from(presentationStarts([{ cts: 0 }, { cts: 3000 }, { cts: 4500 }], 90_000))).toEqual([0, 3000 / 90_000, 4500 / 90_000]);
  });
});

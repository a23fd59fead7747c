import { describe, expect, it } from 'vitest';
import { fitSyncFromMarks, MarkFitError, withMark } from '../../../../src/domain/video/hand-marks';
import { fixIndexAt, lapOutline, lapSpans } from '../../../../src/domain/video/lap-times';
import { frameAt, seekTimeOfFrame, sessionTimeAt, videoTimeAt } from '../../../../src/domain/video/video-clock';
import { syntheticSession } from '../../../helpers/synthetic-session';

describe('which session time a video frame shows', () => {
  it('maps media time to session time through the offset and the clock rate, and back', () => {
    const sync = { offsetMs: -12_500, rate: 1.0001 };
    expect(sessionTimeAt(sync, 0)).toBe(-12_500);
    expect(sessionTimeAt(sync, 1000)).toBeCloseTo(-12_500 + 1_000_100, 6);
    expect(videoTimeAt(sync, sessionTimeAt(sync, 777.123))).toBeCloseTo(777.123, 9);
  });

  it('numbers frames from 0 and seeks to the middle of a frame', () => {
    expect(frameAt(0, 30)).toBe(0);
    expect(frameAt(1 / 30 - 1e-4, 30)).toBe(0);
    // Float noise at a boundary does not drop a frame: 0.1 x 30 is 2.9999999999999996.
    expect(frameAt(0.1, 30)).toBe(3);
    expect(seekTimeOfFrame(3, 30)).toBeCloseTo(3.5 / 30, 12);
    expect(frameAt(seekTimeOfFrame(1234, 29.97), 29.97)).toBe(1234);
  });
});

describe('sync from hand marks', () => {
  it('takes the offset from one mark with the clocks equal', () => {
    expect(fitSyncFromMarks([{ videoS: 12.5, sessionMs: 95_000 }])).toEqual({ offsetMs: 82_500, rate: 1 });
  });

  it('fits the camera clock rate from two marks so both ends land on their frames', () => {
    // A camera running 80 ppm slow over a 30-minute video: 144 ms, more than four frames at 30 fps.
    const truth = { offsetMs: 31_234, rate: 1.00008 };
    const marks = [10, 1790].map((videoS) => ({ videoS, sessionMs: sessionTimeAt(truth, videoS) }));
    const sync = fitSyncFromMarks(marks);
    expect(sync.rate).toBeCloseTo(1.00008, 9);
    expect(sync.offsetMs).toBeCloseTo(31_234, 6);
    const oneMark = fitSyncFromMarks(marks.slice(0, 1));
    expect(frameAt(videoTimeAt(oneMark, marks[1].sessionMs), 30)).not.toBe(frameAt(1790, 30));
    expect(frameAt(videoTimeAt(sync, marks[1].sessionMs), 30)).toBe(frameAt(1790, 30));
  });

  it('refuses no marks, two marks on one moment and marks that fit no camera clock', () => {
    expect(() => fitSyncFromMarks([])).toThrow(MarkFitError);
    const same = () => fitSyncFromMarks([{ videoS: 5, sessionMs: 1000 }, { videoS: 5.1, sessionMs: 60_000 }]);
    expect(same).toThrow(expect.objectContaining({ reason: 'same-time' }));
    // The second mark on lap 4 instead of lap 3: a minute off over five minutes.
    const wrongLap = () => fitSyncFromMarks([{ videoS: 10, sessionMs: 100_000 }, { videoS: 310, sessionMs: 460_000 }]);
    expect(wrongLap).toThrow(expect.objectContaining({ reason: 'implausible-drift' }));
  });

  it('keeps one mark per lap, in lap order', () => {
    const marks = withMark(withMark([{ lap: 5, videoS: 1 }], { lap: 2, videoS: 2 }), { lap: 5, videoS: 3 });
    expect(marks).toEqual([
      { lap: 2, videoS: 2 },
      { lap: 5, videoS: 3 },
    ]);
  });
});

describe('lap spans from the fixes', () => {
  it('starts each lap at its first fix and ends it where the next begins', () => {
    const { positions } = syntheticSession({ fixes: 25 * 400, seed: 3 });
    const spans = lapSpans(positions);
    expect(spans[0].lap).toBe(0);
    for (let k = 1; k < spans.length; k++) {
      expect(spans[k].lap).toBe(spans[k - 1].lap + 1);
      expect(spans[k - 1].endMs).toBe(spans[k].startMs);
      const i = fixIndexAt(positions, spans[k].startMs);
      expect(positions.lap[i]).toBe(spans[k].lap);
      expect(positions.lap[i - 1]).toBe(spans[k - 1].lap);
    }
    expect(fixIndexAt(positions, -1)).toBe(-1);
    expect(fixIndexAt(positions, 1e12)).toBe(positions.count - 1);
  });

  it("outlines lap 1 for an overlay's map with every third of its fixes, and nothing without a lap", () => {
    const { positions } = syntheticSession({ fixes: 25 * 400, seed: 3 });
    const spans = lapSpans(positions);
    const lap1 = spans.find((s) => s.lap === 1)!;
    const outline = lapOutline(positions, spans)!;
    let inLap = 0;
    for (let i = 0; i < positions.count; i++) if (positions.timeMs[i] >= lap1.startMs && positions.timeMs[i] <= lap1.endMs) inLap++;
    expect(Math.abs(outline.lat.length - inLap / 3)).toBeLessThanOrEqual(1);
    expect(outline.lon.length).toBe(outline.lat.length);
    expect(lapOutline(positions, [])).toBeNull();
  });
});

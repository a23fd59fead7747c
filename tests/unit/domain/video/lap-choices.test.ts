import { describe, expect, it } from 'vitest';
import { lapChoices } from '../../../../src/domain/video/lap-choices';
import type { LapSpan } from '../../../../src/domain/video/lap-times';

/** Out lap to 60 s, laps 1-3 of 90 s, then the in lap to 400 s. */
const spans: LapSpan[] = [
  { lap: 0, startMs: 0, endMs: 60_000 },
  { lap: 1, startMs: 60_000, endMs: 150_000 },
  { lap: 2, startMs: 150_000, endMs: 240_000 },
  { lap: 3, startMs: 240_000, endMs: 330_000 },
  { lap: 4, startMs: 330_000, endMs: 400_000 },
];
const laps = [
  { lapNumber: 1, timeMs: 90_000, lapName: 'Lap 1' },
  { lapNumber: 2, timeMs: 89_500, lapName: 'Lap 2' },
  { lapNumber: 3, timeMs: 90_250, lapName: 'Lap 3' },
  { lapNumber: 4, timeMs: 70_000, lapName: 'In Lap' },
];

describe('the video’s lap pickers', () => {
  it('list every lap with its time, the out and in laps named, and which laps the video shows whole or in part', () => {
    // The camera ran from 100 s to 300 s of the session: lap 2 whole, laps 1 and 3 in part.
    const choices = lapChoices(spans, laps, { offsetMs: 100_000, rate: 1 }, 200);
    expect(choices).toEqual([
      { lap: 0, timeMs: 60_000, kind: 'out', onVideo: 'none' },
      { lap: 1, timeMs: 90_000, kind: 'lap', onVideo: 'part' },
      { lap: 2, timeMs: 89_500, kind: 'lap', onVideo: 'whole' },
      { lap: 3, timeMs: 90_250, kind: 'lap', onVideo: 'part' },
      { lap: 4, timeMs: 70_000, kind: 'in', onVideo: 'none' },
    ]);
  });

  it('marks the out lap when the video shows it, and says nothing of the video before it is synced', () => {
    expect(lapChoices(spans, laps, { offsetMs: -1_000, rate: 1 }, 500).map((c) => c.onVideo)).toEqual(['whole', 'whole', 'whole', 'whole', 'whole']);
    expect(lapChoices(spans, laps, null, 500).every((c) => c.onVideo === 'unknown')).toBe(true);
  });
});

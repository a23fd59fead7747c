import { describe, expect, it } from 'vitest';
import { lapSpans } from '../../../../../src/domain/video/lap-times';
import { followerLapOf, followPlayRate, followTarget, videoAspect } from '../../../../../src/features/sessions/video/follower-model';
import { loadedSession } from '../shared/loaded-session';

const lead = loadedSession(1, 0);
const other = loadedSession(2, 0, 7);
const leadSpans = lapSpans(lead.positions);
const otherSpans = lapSpans(other.positions).filter((s) => s.lap > 0);

describe("the compared video's following", () => {
  it('follows on the lap chosen, else the best, else the first', () => {
    expect(followerLapOf(3, 2, otherSpans)).toBe(3);
    expect(followerLapOf(null, 2, otherSpans)).toBe(2);
    expect(followerLapOf(null, null, otherSpans)).toBe(otherSpans[0].lap);
    expect(followerLapOf(null, null, [])).toBeNull();
  });

  it("goes to the same distance into its lap, and has nothing outside its video's length", () => {
    const leadVideo = { positions: lead.positions, spans: leadSpans, sync: { offsetMs: 0, rate: 1 } };
    const span = otherSpans[1];
    const follower = { positions: other.positions, span, sync: { offsetMs: 0, rate: 1 } };
    const lap2 = leadSpans.find((s) => s.lap === 2)!;
    const at = followTarget(leadVideo, follower, (lap2.startMs + 10_000) / 1000, Number.POSITIVE_INFINITY)!;
    expect(at.leadLap).toBe(2);
    expect(at.targetS).toBe(at.followerVideoS);
    expect(at.targetS * 1000).toBeGreaterThanOrEqual(span.startMs);
    expect(followTarget(leadVideo, follower, (lap2.startMs + 10_000) / 1000, at.targetS - 1)).toBeNull();
  });

  it('plays at the rate that keeps the distance, pulled toward the target, within 0.25x and 4x', () => {
    expect(followPlayRate(1.1, 1, 0)).toBeCloseTo(1.1);
    expect(followPlayRate(null, 2, 0.1)).toBeCloseTo(2.2);
    expect(followPlayRate(1, 1, -5)).toBe(0.25);
    expect(followPlayRate(3, 2, 0)).toBe(4);
  });

  it('boxes the video in its own aspect, 16 / 9 when unknown', () => {
    expect(videoAspect({ width: 1920, height: 1080 })).toBe('1920 / 1080');
    expect(videoAspect({ width: 0, height: 0 })).toBe('16 / 9');
  });
});

import { describe, expect, it } from 'vitest';
import { syntheticSession } from '../../../helpers/synthetic-session';
import { followAt, followerRate, type FollowerVideo, type LeadVideo } from '../../../../src/domain/video/follow-by-distance';
import { lapDistanceAt, lapSpans, lapTimeAtDistance, lapTimeNearPoint } from '../../../../src/domain/video/lap-times';
import { videoTimeAt } from '../../../../src/domain/video/video-clock';

describe('a second video following the first by distance along the lap', () => {
  const { positions } = syntheticSession({ fixes: 25 * 600, seed: 7 });
  const spans = lapSpans(positions);
  const lap = (n: number) => spans.find((s) => s.lap === n)!;
  const lead: LeadVideo = { positions, spans, sync: { offsetMs: -5_000, rate: 1 } };
  const follower: FollowerVideo = { positions, span: lap(4), sync: { offsetMs: 12_000, rate: 1.0002 } };
  const leadVideoS = (sessionMs: number) => videoTimeAt(lead.sync, sessionMs);

  it('puts the follower at the start of its lap when the lead crosses start/finish', () => {
    const p = followAt(lead, follower, leadVideoS(lap(3).startMs))!;
    expect(p.leadLap).toBe(3);
    expect(p.distanceM).toBeCloseTo(0, 6);
    expect(p.followerSessionMs).toBeCloseTo(lap(4).startMs, 6);
    expect(p.followerVideoS).toBeCloseTo((lap(4).startMs - 12_000) / 1.0002 / 1000, 9);
  });

  it('puts the follower as far into its lap as the lead, not as long into it', () => {
    const at = lap(3).startMs + 37_010;
    const p = followAt(lead, follower, leadVideoS(at))!;
    expect(p.distanceM).toBeCloseTo(lapDistanceAt(positions, lap(3), at)!, 6);
    expect(lapDistanceAt(positions, lap(4), p.followerSessionMs)).toBeCloseTo(p.distanceM, 3);
    // Lap 4 is another lap: at the same distance its clock reads another time.
    expect(Math.abs(p.followerSessionMs - lap(4).startMs - 37_010)).toBeGreaterThan(1);
  });

  it('follows a lap against itself at the same time to the microsecond', () => {
    const self: FollowerVideo = { positions, span: lap(3), sync: lead.sync };
    for (const into of [0, 1_000, 22_222, 50_005]) {
      const v = leadVideoS(lap(3).startMs + into);
      expect(followAt(lead, self, v)!.followerVideoS).toBeCloseTo(v, 6);
    }
    expect(followerRate(lead, self, leadVideoS(lap(3).startMs + 20_000))).toBeCloseTo(1, 6);
  });

  it('waits at the end of a follower lap shorter than the lead’s distance, and has nothing to follow on the out lap', () => {
    const short: FollowerVideo = { ...follower, span: { ...lap(4), endMs: lap(4).startMs + 5_000 } };
    const p = followAt(lead, short, leadVideoS(lap(3).startMs + 40_000))!;
    expect(p.followerSessionMs).toBeCloseTo(lapTimeAtDistance(positions, short.span, 1e9), 6);
    const out = spans.find((s) => s.lap === 0);
    if (out) expect(followAt(lead, follower, leadVideoS(out.startMs + 100))).toBeNull();
    expect(followAt(lead, follower, leadVideoS(positions.timeMs[positions.count - 1] + 1000))).toBeNull();
  });

  it('gives the follower’s playback rate: its clock rate and the two laps’ speeds', () => {
    const sameLap: FollowerVideo = { positions, span: lap(3), sync: { offsetMs: 0, rate: 1.001 } };
    expect(followerRate(lead, sameLap, leadVideoS(lap(3).startMs + 20_000))).toBeCloseTo(1 / 1.001, 4);
    const r = followerRate(lead, follower, leadVideoS(lap(3).startMs + 20_000))!;
    expect(r).toBeGreaterThan(0.5);
    expect(r).toBeLessThan(2);
  });
});

describe('lap distances and times, interpolated', () => {
  const { positions } = syntheticSession({ fixes: 25 * 300, seed: 2 });
  const span = lapSpans(positions).find((s) => s.lap === 2)!;

  it('turns a time into a distance and back to the same time', () => {
    for (const into of [0, 13, 5_020, 31_337]) {
      const t = span.startMs + into;
      expect(lapTimeAtDistance(positions, span, lapDistanceAt(positions, span, t)!)).toBeCloseTo(t, 3);
    }
    expect(lapDistanceAt(positions, span, span.startMs - 1)).toBeNull();
  });

  it('finds the time the lap passed nearest a point clicked on the map', () => {
    const i = positions.timeMs.findIndex((t) => t >= span.startMs + 20_000);
    expect(lapTimeNearPoint(positions, span, positions.lat[i] + 1e-7, positions.lon[i] - 1e-7)).toBe(positions.timeMs[i]);
  });
});

import { describe, expect, it } from 'vitest';
import { constantFrameClock } from '../../../../../src/domain/video/frame-clock';
import { lapSpans, lapTimeAtDistance, sessionTimeAtLapDistance } from '../../../../../src/domain/video/lap-times';
import { cursorSeekTime, lapStartSeek, markedSync, pausedSeekTime, playerAspect, playLapStop, requestSeekTime, syncSentence } from '../../../../../src/features/sessions/video/video-player-model';
import { loadedSession } from '../shared/loaded-session';

const session = loadedSession(1, 0);
const spans = lapSpans(session.positions);
/** 25 fps, ten minutes; media time 0 is the session's second 2. */
const clock = constantFrameClock(25, 600);
const sync = { offsetMs: 2000, rate: 1 };
const timeline = { positions: session.positions, spans, clock, sync };
const lap = spans.find((s) => s.lap === 2)!;

describe("the video player's model", () => {
  it('puts a cursor moved by the racer on the frame of that distance into the lap shown', () => {
    const at = sessionTimeAtLapDistance(session.positions, lap, 100)!;
    const videoS = cursorSeekTime(timeline, 2, 100)!;
    expect(clock.frameAt(videoS)).toBe(clock.frameAt((at - sync.offsetMs) / 1000));
    expect(cursorSeekTime(timeline, Number.NaN, 100)).toBeNull();
  });

  it('shows a click on a chart in the lap picked, else the lap shown, else the first lap', () => {
    const request = { distanceM: 250, seq: 1 };
    const inLap = (n: number) => clock.frameAt((lapTimeAtDistance(session.positions, spans.find((s) => s.lap === n)!, 250) - sync.offsetMs) / 1000);
    expect(clock.frameAt(requestSeekTime(timeline, request, { picked: 3, shown: 2, first: 1 })!)).toBe(inLap(3));
    expect(clock.frameAt(requestSeekTime(timeline, request, { picked: null, shown: 2, first: 1 })!)).toBe(inLap(2));
    expect(clock.frameAt(requestSeekTime(timeline, request, { picked: null, shown: Number.NaN, first: 1 })!)).toBe(inLap(1));
    expect(requestSeekTime(timeline, request, { picked: 999, shown: 2, first: 1 })).toBeNull();
  });

  it("finds a lap's start and the frame 'play lap N' stops on, only with a sync", () => {
    const found = lapStartSeek(spans, clock, sync, 2)!;
    expect(found.span).toBe(lap);
    expect(clock.frameAt(found.at!)).toBe(clock.frameAt((lap.startMs - sync.offsetMs) / 1000));
    expect(lapStartSeek(spans, clock, null, 2)).toBeNull();
    expect(playLapStop(clock, sync, lap)).toBeGreaterThan(clock.frameAt(found.at!));
    expect(playLapStop(clock, null, lap)).toBeNull();
  });

  it('settles a pause on the frame last presented, else on the current time', () => {
    expect(pausedSeekTime(clock, 1.01, 1.2)).toBe(clock.seekTimeOf(25));
    expect(pausedSeekTime(clock, null, 1.2)).toBe(clock.seekTimeOf(30));
  });

  it('fits the sync to the marks with the one at the frame on screen added', () => {
    const lap3 = spans.find((s) => s.lap === 3)!;
    const row = { marks: [{ lap: 2, videoS: (lap.startMs - 2000) / 1000 }] };
    const marked = markedSync(row, spans, clock, 3, (lap3.startMs - 2000) / 1000 + 0.001);
    expect(marked.marks.map((m) => m.lap)).toEqual([2, 3]);
    expect(marked.sync.method).toBe('marks');
    expect(marked.sync.offsetMs).toBeCloseTo(2000, -2);
  });

  it('says how the video is synced, and the aspect of its box', () => {
    expect(syncSentence({ sync: null, marks: [] })).toEqual({ key: 'sync.none' });
    expect(syncSentence({ sync: { offsetMs: 0, rate: 1, method: 'marks' }, marks: [{ lap: 1, videoS: 0 }] })).toEqual({ key: 'sync.marks', values: { count: 1 } });
    expect(syncSentence({ sync: { offsetMs: 0, rate: 1, method: 'gpmf' }, marks: [] })).toEqual({ key: 'sync.gpmf' });
    expect(playerAspect({ width: 1920, height: 1080 })).toBe('1920 / 1080');
    expect(playerAspect({ width: 0, height: 0 })).toBe('16 / 9');
  });
});

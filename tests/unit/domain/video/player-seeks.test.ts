import { describe, expect, it } from 'vitest';
import { syntheticSession } from '../../../helpers/synthetic-session';
import { constantFrameClock } from '../../../../src/domain/video/frame-clock';
import { MarkFitError } from '../../../../src/domain/video/hand-marks';
import { lapFrames } from '../../../../src/domain/video/lap-frames';
import { lapSpans, lapTimeAtDistance, sessionTimeAtLapDistance } from '../../../../src/domain/video/lap-times';
import { cursorSeekTime, lapStartSeek, pausedSeekTime, placeSeekTime, playLapStop, stepSeekTime, syncWithMarkAt } from '../../../../src/domain/video/player-seeks';

/** Laps of about 70 s (lap 1 from 34.64 s, lap 2 from 103.36 s, lap 3 from 174.72 s). */
const { positions } = syntheticSession({ fixes: 25 * 600, seed: 1 });
const spans = lapSpans(positions);
/** 25 fps, ten minutes; media time 0 shows the session's second 2. */
const clock = constantFrameClock(25, 600);
const sync = { offsetMs: 2000, rate: 1 };
const timeline = { positions, spans, clock, sync };
const lap = (n: number) => spans.find((s) => s.lap === n)!;
/** The frame that shows a session time under `sync`. */
const frameOf = (sessionMs: number) => clock.frameAt((sessionMs - sync.offsetMs) / 1000);

describe('where the video player puts its video', () => {
  it("shows a lap's start on the frame of its crossing, only with a sync and such a lap", () => {
    const found = lapStartSeek(spans, clock, sync, 2)!;
    expect(found.span).toBe(lap(2));
    expect(clock.frameAt(found.at!)).toBe(frameOf(lap(2).startMs));
    // A frame's middle: the seek lands on that frame whatever the browser rounds.
    expect(found.at).toBe(clock.seekTimeOf(frameOf(lap(2).startMs)));
    expect(lapStartSeek(spans, clock, null, 2)).toBeNull();
    expect(lapStartSeek(spans, clock, sync, 99)).toBeNull();
    // The out lap starts before the video: the lap is there, its start is not on the video.
    expect(lapStartSeek(spans, clock, sync, 0)).toEqual({ span: lap(0), at: null });
  });

  it('puts a cursor moved by the racer on the frame of that distance into the lap', () => {
    const videoS = cursorSeekTime(timeline, 2, 100)!;
    expect(clock.frameAt(videoS)).toBe(frameOf(sessionTimeAtLapDistance(positions, lap(2), 100)!));
    expect(cursorSeekTime(timeline, Number.NaN, 100)).toBeNull();
  });

  it('shows a click on a chart in the lap picked, else the lap shown, else the first lap', () => {
    const place = { distanceM: 250 };
    const inLap = (n: number) => frameOf(lapTimeAtDistance(positions, lap(n), 250));
    expect(clock.frameAt(placeSeekTime(timeline, place, { picked: 3, shown: 2, first: 1 })!)).toBe(inLap(3));
    expect(clock.frameAt(placeSeekTime(timeline, place, { picked: null, shown: 2, first: 1 })!)).toBe(inLap(2));
    // No lap shown (NaN) or the out lap shown (0): the first racing lap.
    expect(clock.frameAt(placeSeekTime(timeline, place, { picked: null, shown: Number.NaN, first: 1 })!)).toBe(inLap(1));
    expect(clock.frameAt(placeSeekTime(timeline, place, { picked: null, shown: 0, first: 1 })!)).toBe(inLap(1));
    expect(placeSeekTime(timeline, place, { picked: 99, shown: 2, first: 1 })).toBeNull();
    expect(placeSeekTime(timeline, place, { picked: null, shown: Number.NaN, first: undefined })).toBeNull();
  });

  it("shows a click on the map at the lap's fix nearest the point", () => {
    const i = positions.timeMs.findIndex((ms) => ms >= lap(2).startMs + 20_000);
    const point = { lat: positions.lat[i], lon: positions.lon[i] };
    expect(clock.frameAt(placeSeekTime(timeline, point, { picked: 2, shown: 3, first: 1 })!)).toBe(frameOf(positions.timeMs[i]));
    // The same place of the lap shown (no lap picked): about a lap later on the video.
    const inLap3 = placeSeekTime(timeline, point, { picked: null, shown: 3, first: 1 })!;
    expect(inLap3 * 1000 + sync.offsetMs).toBeGreaterThan(lap(3).startMs);
    expect(inLap3 * 1000 + sync.offsetMs).toBeLessThan(lap(3).endMs);
  });

  it('steps by frames from the frame shown and by seconds of video, clamped to the video', () => {
    expect(clock.frameAt(stepSeekTime(clock, 10.01, { frames: 1 }))).toBe(251);
    expect(clock.frameAt(stepSeekTime(clock, 10.01, { frames: -1 }))).toBe(249);
    expect(clock.frameAt(stepSeekTime(clock, 10.01, { seconds: 1 }))).toBe(275);
    expect(clock.frameAt(stepSeekTime(clock, 0.01, { seconds: -1 }))).toBe(0);
    expect(clock.frameAt(stepSeekTime(clock, 599.99, { frames: 5 }))).toBe(clock.count - 1);
  });

  it('settles a pause on the frame last presented, else on the current time', () => {
    expect(pausedSeekTime(clock, 1.01, 1.2)).toBe(clock.seekTimeOf(25));
    expect(pausedSeekTime(clock, null, 1.2)).toBe(clock.seekTimeOf(30));
  });

  it("stops 'play lap N' on the lap's last frame, only with a sync", () => {
    expect(playLapStop(clock, sync, lap(2))).toBe(lapFrames(clock, sync, lap(2))!.last);
    expect(playLapStop(clock, sync, lap(2))).toBe(frameOf(lap(3).startMs) - 1);
    expect(playLapStop(clock, null, lap(2))).toBeNull();
  });

  it('fits the sync to the marks with the one at the frame on screen added, one mark per lap', () => {
    const marks = [{ lap: 2, videoS: (lap(2).startMs - 2000) / 1000 }];
    const marked = syncWithMarkAt(marks, spans, clock, 3, (lap(3).startMs - 2000) / 1000 + 0.001);
    expect(marked.marks.map((m) => m.lap)).toEqual([2, 3]);
    // The mark is the frame's middle, not the time the video stood at inside it.
    expect(marked.marks[1].videoS).toBe(clock.seekTimeOf(frameOf(lap(3).startMs)));
    expect(marked.sync.method).toBe('marks');
    expect(marked.sync.offsetMs).toBeCloseTo(2000, -2);
    expect(marked.sync.rate).toBeCloseTo(1, 3);
    // Marking lap 2 again replaces its mark.
    expect(syncWithMarkAt(marks, spans, clock, 2, 50).marks).toEqual([{ lap: 2, videoS: clock.seekTimeOf(clock.frameAt(50)) }]);
    // Two marks on one moment of the video fix no clock rate.
    expect(() => syncWithMarkAt(marks, spans, clock, 3, marks[0].videoS)).toThrow(MarkFitError);
  });
});

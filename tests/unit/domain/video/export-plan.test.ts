import { describe, expect, it } from 'vitest';
import { coveredLaps, exportFileName, exportWindow, outputSize, secondsLeft } from '../../../../src/domain/video/export-plan';
import type { LapSpan } from '../../../../src/domain/video/lap-times';

/** Out lap, then laps 1-4 of 90 s each, from session time 0. */
const spans: LapSpan[] = [
  { lap: 0, startMs: 0, endMs: 60_000 },
  ...[1, 2, 3, 4].map((lap) => ({ lap, startMs: 60_000 + (lap - 1) * 90_000, endMs: 60_000 + lap * 90_000 })),
];

describe('the window of an overlay export', () => {
  it('turns laps 2-3 into media time through the sync', () => {
    const w = exportWindow(spans, { offsetMs: 10_000, rate: 1 }, 600, { kind: 'laps', from: 2, to: 3 });
    expect(w).toEqual({ ok: true, startS: 140, endS: 320, startSessionMs: 150_000, endSessionMs: 330_000 });
  });

  it('accepts the laps in either order and follows a drifting clock', () => {
    const w = exportWindow(spans, { offsetMs: 0, rate: 1.001 }, 600, { kind: 'laps', from: 3, to: 2 });
    expect(w.ok).toBe(true);
    if (w.ok) expect(w.startS).toBeCloseTo(150 / 1.001, 9);
  });

  it('says which laps the video covers when it does not cover the ones asked for', () => {
    // The camera started 100 s into the session and ran 200 s: lap 2 (150-240 s) only.
    const sync = { offsetMs: 100_000, rate: 1 };
    expect(exportWindow(spans, sync, 200, { kind: 'laps', from: 2, to: 3 })).toEqual({ ok: false, reason: 'not-covered', coveredLaps: [2] });
    expect(coveredLaps(spans, { offsetMs: 50_000, rate: 1 }, 250)).toEqual([1, 2]);
  });

  it('clips the whole session to the part the video shows', () => {
    const w = exportWindow(spans, { offsetMs: 100_000, rate: 1 }, 250, { kind: 'session' });
    expect(w).toEqual({ ok: true, startS: 0, endS: 250, startSessionMs: 0, endSessionMs: 420_000 });
    expect(exportWindow(spans, { offsetMs: 900_000, rate: 1 }, 250, { kind: 'session' })).toMatchObject({ ok: false, reason: 'not-covered' });
  });

  it('refuses a lap the session does not have', () => {
    expect(exportWindow(spans, { offsetMs: 0, rate: 1 }, 600, { kind: 'laps', from: 2, to: 9 })).toMatchObject({ ok: false, reason: 'no-laps' });
    expect(exportWindow([], { offsetMs: 0, rate: 1 }, 600, { kind: 'session' })).toMatchObject({ ok: false, reason: 'no-laps' });
  });
});

describe('the exported frame size', () => {
  it('makes the short side 720 or 1080 and keeps the shape, with even sides', () => {
    expect(outputSize(1920, 1080, 720)).toEqual({ width: 1280, height: 720 });
    expect(outputSize(3840, 2160, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(1080, 1920, 720)).toEqual({ width: 720, height: 1280 });
    expect(outputSize(1440, 1080, 720)).toEqual({ width: 960, height: 720 });
    expect(outputSize(2704, 1520, 720).width % 2).toBe(0);
  });

  it('never blows a smaller video up', () => {
    expect(outputSize(320, 180, 1080)).toEqual({ width: 320, height: 180 });
    expect(outputSize(1280, 720, 1080)).toEqual({ width: 1280, height: 720 });
  });
});

describe('the exported file name', () => {
  it('carries the session name and the laps, without characters file systems refuse', () => {
    expect(exportFileName('Rustavi 10H30', 'laps 2-3', 'mp4')).toBe('Rustavi 10H30 - laps 2-3.mp4');
    expect(exportFileName('a/b:c*?"<>|\u0001d', 'voltas 2-3', 'webm')).toBe('a-b-c-d - voltas 2-3.webm');
    expect(exportFileName('', '', 'mp4')).toBe('video.mp4');
    expect(exportFileName('x'.repeat(300), 'laps 1-1', 'mp4').length).toBeLessThan(100);
  });
});

describe('time left', () => {
  it('extrapolates the pace so far, and waits for a pace', () => {
    expect(secondsLeft(0.25, 10)).toBeCloseTo(30, 9);
    expect(secondsLeft(1, 40)).toBe(0);
    expect(secondsLeft(0, 10)).toBeNull();
    expect(secondsLeft(0.5, 0.1)).toBeNull();
  });
});

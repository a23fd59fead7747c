import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import { gpsTrackFromPayloads, type GpmfGpsTrack } from '../../../../src/domain/gpmf/gps-track';
import { readGpmfPayloads, readGpmfSampleTable } from '../../../../src/domain/gpmf/mp4-gpmf-track';
import type { PositionColumns } from '../../../../src/domain/session-types';
import { mulberry32 } from '../../../../src/domain/random';
import { syntheticSession } from '../../../helpers/synthetic-session';
import { syncFromGpmf } from '../../../../src/domain/video/gpmf-sync';
import { correlateSpeed, resampleCurve } from '../../../../src/domain/video/speed-correlation';
import { sessionTimeAt, type VideoSync } from '../../../../src/domain/video/video-clock';
import { prepareImport } from '../../../../src/domain/file-formats/prepare-import';
import { parsePositionsText } from '../../../../src/domain/parse-positions';

const FIXTURE = new URL('../../../fixtures/real-logs/gopro-max-gpmf-18hz.mp4', import.meta.url);
const ROAD_AMERICA = new URL('../../../fixtures/real-logs/roadamerica-vbox-hd2-25hz-trimmed.vbo', import.meta.url);

/** The real GoPro MAX fixture's GPS track. */
async function goproTrack(): Promise<GpmfGpsTrack> {
  const source = bytesSource(new Uint8Array(readFileSync(FIXTURE)));
  const { payloads } = await readGpmfPayloads(source, await readGpmfSampleTable(source));
  return gpsTrackFromPayloads(payloads).track;
}

/** A file imported as the library does it: its stored positions (read back from the stored text) and start. */
async function importedSession(url: URL, fileName: string): Promise<{ positions: PositionColumns; startMs: number; accuracyMs: number }> {
  const prepared = await prepareImport({ fileName, source: bytesSource(new Uint8Array(readFileSync(url))), circuits: [] });
  const positions = parsePositionsText(new TextDecoder().decode(prepared.nmeaBytes)).positions;
  return { positions, startMs: Date.parse(prepared.date), accuracyMs: prepared.dateAccuracyMs };
}
const FRAME_MS = 1000 / 30;

/** A 25 Hz session whose speed at each fix is `speedAt(t)`. */
function sessionOf(durationMs: number, speedAt: (t: number) => number): PositionColumns {
  const n = Math.floor(durationMs / 40) + 1;
  const p: PositionColumns = { count: n, lap: new Int32Array(n), timeMs: new Float64Array(n), lat: new Float64Array(n), lon: new Float64Array(n), speedKmh: new Float32Array(n), distanceM: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    p.timeMs[i] = i * 40;
    p.speedKmh[i] = speedAt(i * 40);
  }
  return p;
}

/** Linear interpolation of the session's speed (km/h) at a session time. */
function speedOf(p: PositionColumns, t: number): number {
  const i = Math.min(p.count - 2, Math.max(0, Math.floor(t / 40)));
  const f = (t - p.timeMs[i]) / 40;
  return p.speedKmh[i] + f * (p.speedKmh[i + 1] - p.speedKmh[i]);
}

/** A camera's 18 Hz GPS track filming `session` with the clock `truth`, GPSU from the session's start. */
function cameraTrack(session: PositionColumns, truth: VideoSync, videoS: number, sessionStartMs: number, noiseKmh = 0.5): GpmfGpsTrack {
  const rand = mulberry32(9);
  const n = Math.floor(videoS * 18);
  const track: GpmfGpsTrack = { count: n, epochMs: new Float64Array(n), videoTimeS: new Float64Array(n), latDeg: new Float64Array(n), lonDeg: new Float64Array(n), altitudeM: new Float64Array(n), speed2dMps: new Float32Array(n), speed3dMps: new Float32Array(n), fix: new Uint8Array(n).fill(3), dop: new Float32Array(n), payloadsWithGps: Math.ceil(n / 18) };
  for (let i = 0; i < n; i++) {
    const v = i / 18;
    const t = sessionTimeAt(truth, v);
    track.videoTimeS[i] = v;
    // GPSU is whole-payload and jittery: each fix's UTC is off by up to 50 ms.
    track.epochMs[i] = sessionStartMs + t + (rand() - 0.5) * 100;
    track.speed2dMps[i] = (speedOf(session, t) + (rand() - 0.5) * 2 * noiseKmh) / 3.6;
  }
  return track;
}

describe('speed cross-correlation', () => {
  it('resamples a curve linearly and leaves NaN outside it', () => {
    const out = resampleCurve({ timeMs: [0, 100], speed: [0, 10] }, -50, 50, 5);
    expect(Array.from(out)).toEqual([NaN, 0, 5, 10, NaN]);
  });

  it('finds a shift between two copies of a kart speed curve to a millisecond', () => {
    const { positions } = syntheticSession({ fixes: 25 * 300, seed: 4 });
    const camera = { timeMs: Array.from({ length: 900 }, (_, i) => i * 100), speed: Array.from({ length: 900 }, (_, i) => speedOf(positions, i * 100 + 61_237)) };
    const found = correlateSpeed(camera, { timeMs: positions.timeMs, speed: positions.speedKmh }, { guessMs: 60_000, windowMs: 5_000 });
    expect(found!.shiftMs).toBeCloseTo(61_237, -1);
    expect(found!.score).toBeGreaterThan(0.99);
  });
});

describe('automatic sync from GPMF', () => {
  const sessionStartMs = Date.UTC(2026, 6, 4, 9, 0, 0);
  const { positions } = syntheticSession({ fixes: 25 * 1500, seed: 7 });

  it('lands within a frame at both ends of a drifting 20-minute video when the session start is 3 s off', () => {
    const truth = { offsetMs: 95_321, rate: 1.00006 };
    const track = cameraTrack(positions, truth, 1200, sessionStartMs);
    // The session's start known only to a few seconds (a start written to the second, a logger clock off).
    const { result } = syncFromGpmf(track, positions, sessionStartMs - 3_000);
    expect(result?.method).toBe('gps-time');
    expect(result?.refined).toBe(true);
    for (const v of [1, 600, 1199]) expect(Math.abs(sessionTimeAt(result!.sync, v) - sessionTimeAt(truth, v))).toBeLessThan(FRAME_MS);
    expect(result!.sync.rate).toBeCloseTo(1.00006, 5);
  });

  it('lands within a frame when the session start is known only to the minute (a device file name)', () => {
    const truth = { offsetMs: 95_321, rate: 1 };
    // The first fix 47.3 s into the minute: GPS time alone would put the video 47.3 s late.
    const track = cameraTrack(positions, truth, 600, sessionStartMs + 47_300);
    const { result } = syncFromGpmf(track, positions, sessionStartMs, { startUncertaintyMs: 60_000 });
    expect(result?.method).toBe('gps-time');
    expect(Math.abs(result!.sync.offsetMs - truth.offsetMs)).toBeLessThan(FRAME_MS);
    expect(syncFromGpmf(track, positions, sessionStartMs).result?.sync.offsetMs ?? NaN).not.toBeCloseTo(truth.offsetMs, -2);
  });

  it('finds the offset by speed alone when the video has no GPS time', () => {
    const truth = { offsetMs: 412_500, rate: 1 };
    const track = cameraTrack(positions, truth, 300, sessionStartMs);
    track.epochMs.fill(NaN);
    const { result } = syncFromGpmf(track, positions, sessionStartMs);
    expect(result?.method).toBe('speed');
    expect(Math.abs(result!.sync.offsetMs - truth.offsetMs)).toBeLessThan(FRAME_MS);
  });

  it('refuses a video of another session (the speeds do not match)', () => {
    const other = syntheticSession({ fixes: 25 * 1500, seed: 99, radiiM: [500, 90] }).positions;
    const track = cameraTrack(other, { offsetMs: 200_000, rate: 1 }, 300, sessionStartMs, 8);
    track.epochMs.fill(NaN);
    const flat = sessionOf(1_500_000, () => 42);
    expect(syncFromGpmf(track, flat, sessionStartMs)).toEqual({ result: null, reason: 'no-match' });
  });

  it('syncs the real GoPro MAX fixture to a session logged from its own GPS within a frame', async () => {
    const bytes = new Uint8Array(readFileSync(FIXTURE));
    const source = bytesSource(bytes);
    const { payloads } = await readGpmfPayloads(source, await readGpmfSampleTable(source));
    const { track } = gpsTrackFromPayloads(payloads);
    expect(track.count).toBe(191);
    // A logger that started 1.234 s before the camera's first fix, logging the camera's own speed at 25 Hz.
    const startMs = track.epochMs[0] - 1_234;
    const epochSpan = track.epochMs[track.count - 1] - startMs;
    const logged = sessionOf(epochSpan + 2_000, (t) => {
      const epoch = startMs + t;
      let i = 0;
      while (i < track.count - 2 && track.epochMs[i + 1] < epoch) i++;
      const f = Math.min(1, Math.max(0, (epoch - track.epochMs[i]) / (track.epochMs[i + 1] - track.epochMs[i])));
      return (track.speed2dMps[i] + f * (track.speed2dMps[i + 1] - track.speed2dMps[i])) * 3.6;
    });
    // The session's start as the logger wrote it, to the whole second: the same curve places it at a walk.
    const { result } = syncFromGpmf(track, logged, Math.floor(startMs / 1000) * 1000, { startUncertaintyMs: 1000 });
    expect(result?.method).toBe('gps-time');
    const errors = Array.from(track.videoTimeS, (v, i) => Math.abs(sessionTimeAt(result!.sync, v) - (track.epochMs[i] - startMs)));
    errors.sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(FRAME_MS);
  });

  it('places the real GoPro MAX video on the session imported from that very file, within a frame, by GPS time (a walk is too little motion to refine it)', async () => {
    const track = await goproTrack();
    const session = await importedSession(FIXTURE, 'GS010012.mp4');
    expect(session.accuracyMs).toBe(0);
    const answer = syncFromGpmf(track, session.positions, session.startMs);
    expect(answer.result).toMatchObject({ method: 'gps-time', refined: false });
    // Each fix's GPS time, as the session's time of it, against where the sync puts its media time.
    const frameMs = 1001 / 30;
    const errors = Array.from(track.videoTimeS, (v, i) => Math.abs(sessionTimeAt(answer.result!.sync, v) - (track.epochMs[i] - session.startMs))).sort((a, b) => a - b);
    // GPSU itself wavers by tens of ms about a steady clock (the camera's 1.001 s payloads span 0.99-1.06 s of it).
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(frameMs / 2);
    expect(errors[Math.floor(errors.length * 0.9)]).toBeLessThan(frameMs);
    expect(errors.at(-1)).toBeLessThan(2 * frameMs);
    // Dated as older builds did (the Californian wall clock 15:45 read as UTC), the video lay 8 hours away.
    expect(syncFromGpmf(track, session.positions, Date.UTC(2019, 10, 18, 15, 45))).toEqual({ result: null, reason: 'no-overlap' });
  });

  it('keeps the GPS-time placement of a slow, noisy camera instead of a correlation of its noise', () => {
    // Rolling through a paddock at 3-7 km/h for two minutes; the camera's GPSU exact, its speeds noisy.
    const crawl = sessionOf(120_000, (t) => 5 + 2 * Math.sin(t / 3_000));
    const truth = { offsetMs: 20_000, rate: 1 };
    const track = cameraTrack(crawl, truth, 60, sessionStartMs, 1.5);
    track.epochMs.forEach((_, i) => (track.epochMs[i] = sessionStartMs + sessionTimeAt(truth, track.videoTimeS[i])));
    const { result } = syncFromGpmf(track, crawl, sessionStartMs);
    expect(result).toMatchObject({ method: 'gps-time', refined: false });
    expect(Math.abs(result!.sync.offsetMs - truth.offsetMs)).toBeLessThan(FRAME_MS);
    // Known only to the minute, the same crawl cannot be placed: nothing is guessed.
    expect(syncFromGpmf(track, crawl, sessionStartMs - 30_000, { startUncertaintyMs: 60_000 })).toEqual({ result: null, reason: 'no-match' });
  });

  it('says a video whose GPS time lies outside the session does not overlap it', () => {
    const truth = { offsetMs: 95_321, rate: 1 };
    const track = cameraTrack(positions, truth, 300, sessionStartMs + 3_600_000);
    expect(syncFromGpmf(track, positions, sessionStartMs)).toEqual({ result: null, reason: 'no-overlap' });
  });

  it('refines a stale GPSU to within a frame on the real Road America session (its first fix to the millisecond)', async () => {
    const session = await importedSession(ROAD_AMERICA, 'Road America FP1.vbo');
    const truth = { offsetMs: 31_480, rate: 1 };
    // A camera filming 100 s of it, its GPSU 700 ms stale, its speeds the logger's with 0.5 km/h of noise.
    const track = cameraTrack(session.positions, truth, 100, session.startMs);
    track.epochMs.forEach((_, i) => (track.epochMs[i] += 700));
    const { result } = syncFromGpmf(track, session.positions, session.startMs);
    expect(result).toMatchObject({ method: 'gps-time', refined: true });
    for (const v of [0, 50, 99]) expect(Math.abs(sessionTimeAt(result!.sync, v) - sessionTimeAt(truth, v))).toBeLessThan(FRAME_MS);
  });
});

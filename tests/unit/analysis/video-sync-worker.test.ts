import { afterEach, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { createAnalysisClient, type AnalysisClient } from '../../../src/analysis/analysis-client';
import type { WorkerLike } from '../../../src/analysis/worker-bridge';
import { workerApi } from '../../../workers/analysis-worker-api';
import { syntheticSession } from '../../helpers/synthetic-session';
import type { PositionColumns } from '../../../src/domain/session-types';
import { cameraGpsPayloads, gpmdOnlyMp4 } from '../domain/gpmf/mp4-gpmf-writer';

/**
 * A video's automatic sync runs in the analysis worker: the File goes there by reference, its GoPro telemetry is
 * read, decoded and matched to the session's speeds there, and the answer (and the camera's speed curve, as
 * transferred typed arrays) comes back. A video in chapters is one timeline.
 */

function fakeWorker(): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  expose(workerApi, port1 as never);
  return Object.assign(port2 as never as WorkerLike, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  });
}

let client: AnalysisClient | null = null;
afterEach(() => client?.dispose());

const SESSION_START = Date.UTC(2026, 6, 4, 9, 0, 0);
/** The truth: media time 0 shows session time 61.237 s. */
const OFFSET_MS = 61_237;

function speedOf(p: PositionColumns, t: number): number {
  const i = Math.min(p.count - 2, Math.max(0, Math.floor(t / 40)));
  const f = (t - p.timeMs[i]) / 40;
  return p.speedKmh[i] + f * (p.speedKmh[i + 1] - p.speedKmh[i]);
}

const session = syntheticSession({ fixes: 25 * 600, seed: 5 }).positions;
const speedInput = () => ({ count: session.count, timeMs: session.timeMs.slice(), speedKmh: session.speedKmh.slice() });

/** The camera's telemetry from media time `fromS` for `seconds`, its GPSU 400 ms stale. */
function payloads(fromS: number, seconds: number): Uint8Array[] {
  return cameraGpsPayloads({
    seconds,
    utcAt: (v) => SESSION_START + OFFSET_MS + (fromS + v) * 1000,
    speedAt: (v) => speedOf(session, OFFSET_MS + (fromS + v) * 1000),
    gpsuErrorMs: 400,
  });
}

describe('automatic video sync in the worker', () => {
  it('reads a GoPro-like file by reference and finds the offset to within a few milliseconds', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const file = new Blob([gpmdOnlyMp4(payloads(0, 300)) as BlobPart]);
    const input = speedInput();
    const outcome = await client.syncVideo({ chapters: [file], session: input, sessionStartMs: SESSION_START });
    expect(outcome.reason).toBeNull();
    expect(outcome.result?.method).toBe('gps-time');
    // The GPSU is 400 ms off; the speed match takes it back to the truth.
    expect(Math.abs(outcome.result!.sync.offsetMs - OFFSET_MS)).toBeLessThan(10);
    expect(outcome.payloads).toBe(300);
    expect(outcome.camera.speedKmh).toBeInstanceOf(Float32Array);
    expect(outcome.camera.videoTimeS.length).toBe(300 * 18);
    // The session's columns went into the worker (transferred), so the caller passes copies.
    expect(input.timeMs.length).toBe(0);
    expect(outcome.timings.totalMs).toBeGreaterThan(0);
  });

  it('takes a video in two chapters as one timeline', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const first = new Blob([gpmdOnlyMp4(payloads(0, 120)) as BlobPart]);
    const second = new Blob([gpmdOnlyMp4(payloads(120, 120)) as BlobPart]);
    const outcome = await client.syncVideo({ chapters: [first, second], session: speedInput(), sessionStartMs: SESSION_START });
    expect(outcome.payloads).toBe(240);
    expect(outcome.camera.videoTimeS[120 * 18]).toBeCloseTo(120, 6);
    expect(Math.abs(outcome.result!.sync.offsetMs - OFFSET_MS)).toBeLessThan(10);
  });

  it('says why a file has nothing to sync from: not an MP4, or an MP4 without telemetry', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    const text = await client.syncVideo({ chapters: [new Blob(['not a video'])], session: speedInput(), sessionStartMs: SESSION_START });
    expect(text.reason).toBe('not-mp4');
    expect(text.result).toBeNull();
  });

  it('answers that a video of another session does not overlap it (its GPS time an hour later), and no sync when only the speeds could tell and do not match', async () => {
    client = createAnalysisClient({ createWorker: fakeWorker });
    // An hour after the session, at speeds that follow no lap of it.
    const file = new Blob([gpmdOnlyMp4(cameraGpsPayloads({ seconds: 200, utcAt: (v) => SESSION_START + 3_600_000 + v * 1000, speedAt: (v) => 40 + 30 * Math.sin(v / 3) })) as BlobPart]);
    const outcome = await client.syncVideo({ chapters: [file], session: speedInput(), sessionStartMs: SESSION_START });
    expect(outcome.reason).toBe('no-overlap');
    expect(outcome.result).toBeNull();
    // The session's start unknown: the speeds alone decide, and they do not match.
    const unknown = await client.syncVideo({ chapters: [file], session: speedInput(), sessionStartMs: NaN });
    expect(unknown.reason).toBeNull();
    expect(unknown.result).toBeNull();
  });
});

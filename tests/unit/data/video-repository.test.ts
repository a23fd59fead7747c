import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewVideoRow } from '../../../src/data/db/rows';
import { createVideoRepository } from '../../../src/data/repositories/video-repository';
import { LAPS, NMEA, createBench, type Bench } from './sync-harness';

let bench: Bench;
afterEach(async () => {
  await bench?.close();
});

const video = (sessionLocalId: number, opfsName: string, sizeBytes = 1000): NewVideoRow => ({
  sessionLocalId,
  opfsName,
  fileName: 'GX010042.MP4',
  mimeType: 'video/mp4',
  sizeBytes,
  durationS: 600,
  fps: 29.97,
  width: 1920,
  height: 1080,
  createdMs: null,
  sync: null,
  marks: [],
  addedAt: '2026-07-04T10:00:00.000Z',
});

describe('video repository', () => {
  it('keeps videos per session with their sync and marks, and frees the file when one is removed', async () => {
    bench = createBench({});
    const removed: string[] = [];
    const repo = createVideoRepository(() => bench.db, async (names) => void removed.push(...names));
    const a = await repo.add(video(1, 'a.mp4', 4000));
    await repo.add(video(2, 'b.mp4', 500));
    await repo.saveSync(a.id, { offsetMs: 1234.5, rate: 1.00002, method: 'marks' }, [{ lap: 3, videoS: 100.2 }]);
    expect(await repo.listForSession(1)).toMatchObject([{ opfsName: 'a.mp4', sync: { offsetMs: 1234.5, method: 'marks' }, marks: [{ lap: 3, videoS: 100.2 }] }]);
    expect(await repo.totalBytes()).toEqual({ count: 2, bytes: 4500 });
    await repo.remove(a.id);
    expect(removed).toEqual(['a.mp4']);
    expect(await repo.listForSession(1)).toEqual([]);
  });

  it('deletes a session’s videos with the session', async () => {
    bench = createBench({});
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: '20260412_1030_Braga', laps: LAPS, nmea: NMEA });
    const repo = createVideoRepository(() => bench.db);
    await repo.add(video(saved.session.localId, 'x.mp4'));
    await repo.add(video(saved.session.localId + 1, 'other.mp4'));
    await bench.repo.deleteSession(saved.session.localId);
    expect(await repo.listForSession(saved.session.localId)).toEqual([]);
    expect(await repo.totalBytes()).toMatchObject({ count: 1 });
  });
});

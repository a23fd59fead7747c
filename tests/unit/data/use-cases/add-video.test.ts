import { describe, expect, it, vi } from 'vitest';
import type { NewVideoRow, VideoRow } from '../../../../src/data/db/rows';
import { createAddVideos, type AddContext, type AddVideoDeps, type VideoFacts } from '../../../../src/data/use-cases/add-video';
import type { PositionColumns } from '../../../../src/domain/session-types';

const SESSION_START = Date.parse('2026-05-01T09:00:00Z');

/** A one-minute session of three fixes. */
function positions(): PositionColumns {
  const n = 3;
  return {
    count: n,
    lap: new Int32Array(n),
    timeMs: Float64Array.from([0, 30_000, 60_000]),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    speedKmh: Float32Array.from([50, 80, 60]),
    distanceM: new Float64Array(n),
  };
}

function facts(over: Partial<VideoFacts> = {}): VideoFacts {
  return { durationS: 120, fps: 30, variableFrameRate: false, width: 1920, height: 1080, createdMs: null, hasGpmf: false, ...over };
}

const video = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'video/mp4' });

/** Fakes of every dependency: a file's probe by its name, storage named after the files, rows numbered from 1. */
function fakes(probes: Record<string, VideoFacts> = {}, over: Partial<AddVideoDeps> = {}) {
  const rows: NewVideoRow[] = [];
  const deps = {
    probe: vi.fn(async (file: File) => probes[file.name] ?? facts()),
    probeStored: vi.fn(async (_opfsName: string) => facts({ durationS: 300, fps: 60 })),
    copyToStorage: vi.fn(async (file: File, options: { onProgress: (copied: number, total: number) => void }) => {
      options.onProgress(file.size, file.size);
      return { opfsName: `stored-${file.name}`, sizeBytes: file.size };
    }),
    joinChapters: vi.fn(async (files: File[], options: { onProgress: (copied: number, total: number) => void }) => {
      const size = files.reduce((n, f) => n + f.size, 0);
      options.onProgress(size, size);
      return { opfsName: 'joined', sizeBytes: size };
    }),
    storedHandle: vi.fn(async (_opfsName: string) => null),
    matchGps: vi.fn(async () => ({ result: { sync: { offsetMs: 1500, rate: 1 } }, reason: null })),
    cancelled: () => new Error('cancelled'),
    videos: {
      sessionClock: vi.fn(async () => ({ start: new Date(SESSION_START).toISOString(), accuracyMs: 40, timeZone: 'UTC' })),
      add: vi.fn(async (row: NewVideoRow) => (rows.push(row), { ...row, id: rows.length }) as VideoRow),
    },
    removeStoredFiles: vi.fn(async (_names: readonly string[]) => undefined),
    now: () => new Date('2026-05-02T10:00:00Z'),
    ...over,
  } satisfies AddVideoDeps;
  return { deps, rows };
}

function context(over: Partial<AddContext> = {}): AddContext & { progress: [number, number][] } {
  const progress: [number, number][] = [];
  return { sessionLocalId: 7, positions: positions(), onProgress: (done, total) => progress.push([done, total]), signal: new AbortController().signal, progress, ...over };
}

describe('adding the videos of a pick to a session', () => {
  it('stores a file as it is, with its probe, its creation-time sync and progress over the whole pick', async () => {
    const { deps, rows } = fakes({ 'phone.mp4': facts({ createdMs: SESSION_START + 10_000 }) });
    const ctx = context();
    const added = await createAddVideos(deps)([video('phone.mp4', 10), video('other.webm', 30)], ctx);
    expect(added.map((a) => a.row.fileName)).toEqual(['phone.mp4', 'other.webm']);
    expect(rows[0]).toEqual({
      sessionLocalId: 7,
      opfsName: 'stored-phone.mp4',
      fileName: 'phone.mp4',
      mimeType: 'video/mp4',
      sizeBytes: 10,
      durationS: 120,
      fps: 30,
      width: 1920,
      height: 1080,
      createdMs: SESSION_START + 10_000,
      sync: { offsetMs: 10_000, rate: 1, method: 'creation-time' },
      marks: [],
      addedAt: '2026-05-02T10:00:00.000Z',
    });
    expect(rows[1].sync).toBeNull();
    expect(ctx.progress).toEqual([
      [10, 40],
      [40, 40],
    ]);
    expect(deps.matchGps).not.toHaveBeenCalled();
  });

  it("syncs a GoPro's file by its GPS, read from the stored copy, with the session's speeds and start", async () => {
    const handle = { name: 'stored-GX010042.MP4' } as FileSystemFileHandle;
    const { deps, rows } = fakes({ 'GX010042.MP4': facts({ hasGpmf: true, createdMs: SESSION_START }) }, { storedHandle: vi.fn(async () => handle) });
    await createAddVideos(deps)([video('GX010042.MP4')], context());
    expect(rows[0].sync).toEqual({ offsetMs: 1500, rate: 1, method: 'gpmf' });
    const [chapters, request] = vi.mocked(deps.matchGps).mock.calls[0] as unknown as [unknown[], { session: { count: number; speedKmh: Float32Array }; sessionStartMs: number; startUncertaintyMs: number }];
    expect(chapters).toEqual([handle]);
    expect(request).toMatchObject({ sessionStartMs: SESSION_START, startUncertaintyMs: 40, session: { count: 3 } });
    expect(Array.from(request.session.speedKmh)).toEqual([50, 80, 60]);
  });

  it('takes GPS time outside the session as the truth: no sync and a no-overlap notice, whatever the creation time says', async () => {
    const { deps, rows } = fakes({ 'GX010042.MP4': facts({ hasGpmf: true, createdMs: SESSION_START }) }, { matchGps: vi.fn(async () => ({ result: null, reason: 'no-overlap' })) });
    const [added] = await createAddVideos(deps)([video('GX010042.MP4')], context());
    expect(rows[0].sync).toBeNull();
    expect(added.notices).toEqual([{ key: 'no-overlap', video: 'GX010042.MP4', names: [], leftOut: [] }]);
  });

  it('falls back to the creation time when the GPS cannot be read, and says there was no GPS match', async () => {
    const { deps, rows } = fakes({ 'GX010042.MP4': facts({ hasGpmf: true, createdMs: SESSION_START + 5000 }) }, { matchGps: vi.fn(async () => Promise.reject(new Error('worker crashed'))) });
    const [added] = await createAddVideos(deps)([video('GX010042.MP4')], context());
    expect(rows[0].sync?.method).toBe('creation-time');
    expect(added.notices.map((n) => n.key)).toEqual(['no-gps-match']);
  });

  it('says a video recorded at another time does not overlap the session', async () => {
    const { deps, rows } = fakes({ 'phone.mp4': facts({ createdMs: SESSION_START - 86_400_000 }) });
    const [added] = await createAddVideos(deps)([video('phone.mp4')], context());
    expect(rows[0].sync).toBeNull();
    expect(added.notices.map((n) => n.key)).toEqual(['no-overlap']);
  });

  it("joins a recording's chapters into one video: the joined file's probe, the first chapter's creation time, GPS over the picked chapters", async () => {
    const first = video('GX010042.MP4', 10);
    const second = video('GX020042.MP4', 20);
    const { deps, rows } = fakes({ 'GX010042.MP4': facts({ hasGpmf: true, createdMs: 123 }) });
    const ctx = context();
    const [added] = await createAddVideos(deps)([second, first], ctx);
    expect(vi.mocked(deps.joinChapters).mock.calls[0][0]).toEqual([first, second]);
    expect(deps.probeStored).toHaveBeenCalledWith('joined');
    expect(vi.mocked(deps.matchGps).mock.calls[0]).toContainEqual([first, second]);
    expect(rows[0]).toMatchObject({ opfsName: 'joined', fileName: 'GX010042.MP4 + GX020042.MP4', mimeType: 'video/mp4', sizeBytes: 30, durationS: 300, fps: 60, createdMs: 123 });
    expect(added.row.sync?.method).toBe('gpmf');
    expect(ctx.progress).toEqual([[30, 30]]);
  });

  it('names the chapters missing in a gap and those left out, on the video they are about', async () => {
    const { deps } = fakes();
    const [added] = await createAddVideos(deps)([video('GX010042.MP4'), video('GX030042.MP4')], context());
    expect(added.row.fileName).toBe('GX010042.MP4');
    expect(added.notices).toEqual([{ key: 'chapter-gap', video: 'GX010042.MP4', names: ['GX020042.MP4'], leftOut: ['GX030042.MP4'] }]);
  });

  it('gives the notices a file itself tells: variable frame rate, shorter than the session, missing first chapters', async () => {
    const { deps } = fakes({ 'GX020042.MP4': facts({ variableFrameRate: true, durationS: 10 }) });
    const [added] = await createAddVideos(deps)([video('GX020042.MP4')], context());
    expect(added.notices).toEqual([
      { key: 'vfr', video: 'GX020042.MP4', names: [], leftOut: [] },
      { key: 'shorter', video: 'GX020042.MP4', names: [], leftOut: [] },
      { key: 'missing-chapter', video: 'GX020042.MP4', names: ['GX010042.MP4'], leftOut: [] },
    ]);
  });

  it('removes the stored file of a video whose row fails, and keeps the videos added before it', async () => {
    const { deps, rows } = fakes();
    const add = deps.videos.add;
    deps.videos.add = vi.fn(async (row: NewVideoRow) => (row.fileName === 'b.mp4' ? Promise.reject(new Error('quota')) : add(row)));
    await expect(createAddVideos(deps)([video('a.mp4'), video('b.mp4')], context())).rejects.toThrow('quota');
    expect(rows.map((r) => r.fileName)).toEqual(['a.mp4']);
    expect(deps.removeStoredFiles).toHaveBeenCalledWith(['stored-b.mp4']);
  });

  it('removes the joined file when it cannot be probed again', async () => {
    const { deps, rows } = fakes({}, { probeStored: vi.fn(async () => Promise.reject(new Error('gone'))) });
    await expect(createAddVideos(deps)([video('GX010042.MP4'), video('GX020042.MP4')], context())).rejects.toThrow('gone');
    expect(rows).toEqual([]);
    expect(deps.removeStoredFiles).toHaveBeenCalledWith(['joined']);
  });

  it('stops before the next video once the pick is cancelled', async () => {
    const abort = new AbortController();
    const { deps, rows } = fakes();
    const copy = deps.copyToStorage;
    deps.copyToStorage = vi.fn(async (file: File, options: Parameters<AddVideoDeps['copyToStorage']>[1]) => {
      abort.abort();
      return copy(file, options);
    });
    await expect(createAddVideos(deps)([video('a.mp4'), video('b.mp4')], context({ signal: abort.signal }))).rejects.toThrow('cancelled');
    expect(rows.map((r) => r.fileName)).toEqual(['a.mp4']);
  });
});

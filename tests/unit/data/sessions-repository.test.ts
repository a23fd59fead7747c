import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createDirectAnalysisClient } from '../../helpers/direct-analysis-client';
import { ANALYSIS_CACHE_VERSION } from '../../../src/data/repositories/sessions-analysis-cache';
import type { Analyser } from '../../../src/data/repositories/sessions-repository-types';
import { StorageError } from '../../../src/data/storage/storage-error';
import { SESSION_STATS_VERSION } from '../../../src/domain/session-stats';
import { LAPS, NMEA, createBench, type Bench } from './sync-harness';

let bench: Bench;
afterEach(async () => {
  await bench?.close();
});

const FILE = '20260412_1030_Kartodromo de Braga';
const direct = createDirectAnalysisClient();
const analyse: Analyser = (input, signal) => direct.processSession({ nmea: new Uint8Array(input.nmea), laps: new Uint8Array(input.laps) }, { signal });

const circuit = {
  id: 3, userId: null, name: 'Kartodromo de Braga', typeId: 1, countryId: 1, description: '', configuration: 'Regular' as const,
  direction: 'Clockwise' as const, length: 1000, coordinates: '41.1;-8.1', size: 10, type: null, country: null, createdAt: 'a', updatedAt: 'b',
};

describe('sessions repository', () => {
  it('stores the Blobs an import made of its texts as they are, without copying the bytes again', async () => {
    bench = createBench({ analyse });
    bench.network.goOffline();
    const blobs = { laps: new Blob([LAPS]), nmea: new Blob([NMEA]) };
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA, blobs });
    expect(saved.analysisError).toBeNull();
    const row = await bench.db.sessionTexts.get(saved.session.localId);
    expect(await (row!.nmea as Blob).text()).toBe(NMEA);
    expect(await (row!.laps as Blob).text()).toBe(LAPS);
    expect((await bench.repo.loadTextStrings(saved.session.localId)).nmea).toBe(NMEA);
  });

  it('stores a downloaded session first, then analyses it in the worker API and caches the analysis', async () => {
    bench = createBench({ analyse });
    bench.network.goOffline();
    await bench.db.circuits.put(circuit);
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: new TextEncoder().encode(LAPS), nmea: NMEA });
    expect(saved.analysisError).toBeNull();
    expect(saved.session).toMatchObject({
      filename: FILE,
      name: 'Kartodromo de Braga 12/04/2026 10H30',
      // The circuit has no country here: the name's wall-clock time is read in this runtime's zone.
      date: new Date(2026, 3, 12, 10, 30).toISOString(),
      circuitId: 3,
      syncState: 'Pending',
      hasTexts: true,
      lapsBytes: LAPS.length,
      nmeaBytes: NMEA.length,
    });
    expect(saved.analysis!.laps.map((l) => l.lapName)).toEqual(['Lap 1', 'In Lap']);
    expect(saved.analysis!.positions.count).toBe(2);
    const cached = await bench.db.analyses.get(saved.session.localId);
    expect(cached?.version).toBe(ANALYSIS_CACHE_VERSION);
    expect(await bench.repo.hasAnalysis(saved.session.localId)).toBe(true);
    // Read back from IndexedDB (typed columns survive the structured clone).
    const again = await bench.repo.getAnalysis(saved.session.localId);
    expect(again.positions.lat).toBeInstanceOf(Float64Array);
    expect(Array.from(again.positions.lat)).toEqual([41.1, 41.2]);
    expect(await bench.repo.loadTextStrings(saved.session.localId)).toEqual({ laps: LAPS, nmea: NMEA });
  });

  it("dates a downloaded session as the instant of its name's wall-clock time in the circuit's country zone", async () => {
    bench = createBench({ analyse });
    bench.network.goOffline();
    await bench.db.circuits.put({ ...circuit, country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' } });
    const summer = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    expect(summer.session.date).toBe('2026-04-12T09:30:00.000Z');
    const winter = await bench.repo.saveDownloadedSession({ filename: '20260112_1030_Kartodromo de Braga', laps: LAPS, nmea: NMEA });
    expect(winter.session.date).toBe('2026-01-12T10:30:00.000Z');
    await bench.db.circuits.put({ ...circuit, id: 4, name: 'Rustavi', country: { id: 2, name: 'Georgia', timezone: 'Asia/Tbilisi' } });
    const tbilisi = await bench.repo.saveDownloadedSession({ filename: '20260117_1031_Rustavi', laps: LAPS, nmea: NMEA });
    expect(tbilisi.session).toMatchObject({ circuitId: 4, date: '2026-01-17T06:31:00.000Z' });
  });

  it('keeps the texts and the position columns as Blobs, and still reads rows of older builds', async () => {
    bench = createBench({ analyse });
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    const id = saved.session.localId;
    // Blobs are stored by reference: put() does not serialise megabytes on the main thread.
    const texts = await bench.db.sessionTexts.get(id);
    expect(texts?.nmea).toBeInstanceOf(Blob);
    expect(texts?.laps).toBeInstanceOf(Blob);
    const cached = (await bench.db.analyses.get(id))?.result as { positions: { count: number; columns: Record<string, unknown> } };
    expect(cached.positions.count).toBe(2);
    expect(Object.values(cached.positions.columns).every((c) => c instanceof Blob)).toBe(true);
    const again = await bench.repo.getAnalysis(id);
    expect(again.positions.lap).toBeInstanceOf(Int32Array);
    expect(again.positions.speedKmh).toBeInstanceOf(Float32Array);
    expect(Array.from(again.positions.speedKmh.subarray(0, 2))).toEqual(Array.from(saved.analysis!.positions.speedKmh.subarray(0, 2)));
    expect(again.positions.lat.buffer).not.toBe(again.positions.lon.buffer);
    expect(again.laps).toEqual(saved.analysis!.laps);

    // An older build's row: texts as ArrayBuffers and a version 1 cache holding typed arrays (recomputed).
    await bench.db.sessionTexts.put({ localId: id, laps: new TextEncoder().encode(LAPS).buffer, nmea: new TextEncoder().encode(NMEA).buffer });
    await bench.db.analyses.put({ localId: id, version: 1, computedAt: 'a', result: { ...saved.analysis, laps: [] } });
    expect(await bench.repo.loadTextStrings(id)).toEqual({ laps: LAPS, nmea: NMEA });
    expect(await bench.repo.hasAnalysis(id)).toBe(false);
    expect((await bench.repo.getAnalysis(id)).laps).toHaveLength(2);
    expect((await bench.db.analyses.get(id))?.version).toBe(ANALYSIS_CACHE_VERSION);
  });

  it('keeps the download when the analysis fails, and reports why', async () => {
    bench = createBench({ analyse: async () => Promise.reject(new Error('worker crashed')) });
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    expect(saved.analysis).toBeNull();
    expect(saved.analysisError).toBe('worker crashed');
    expect(await bench.db.sessionTexts.count()).toBe(1);
    expect(await bench.db.outbox.count()).toBe(1);
  });

  it('refuses to store a session with nobody signed in', async () => {
    bench = createBench();
    bench.user.id = null;
    await expect(bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA })).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
  });

  it('a full disk is a QUOTA_EXCEEDED error and loses nothing stored before', async () => {
    bench = createBench();
    bench.network.goOffline();
    const first = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    bench.db.sessionTexts.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const err = await bench.repo.saveDownloadedSession({ filename: '20260413_0900_Kartodromo de Braga', laps: LAPS, nmea: NMEA }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    // The failed write was rolled back as a whole; the first session is intact.
    expect((await bench.repo.listSessions()).map((s) => s.filename)).toEqual([FILE]);
    expect(await bench.db.outbox.count()).toBe(1);
    expect(await bench.repo.loadTextStrings(first.session.localId)).toEqual({ laps: LAPS, nmea: NMEA });
  });

  it('mirrors the server list for offline use and fetches texts of a server session on first open', async () => {
    bench = createBench({ analyse });
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    // A session uploaded from another device.
    await bench.server.transport().create({ name: 'Other', filename: '20260101_0800_Other', date: '2026-01-01T08:00:00', laps: LAPS, coordinates: NMEA });
    const list = await bench.repo.refreshFromServer();
    expect(list.map((s) => [s.filename, s.source, s.syncState, s.hasTexts])).toEqual([
      [FILE, 'device', 'Completed', true],
      ['20260101_0800_Other', 'server', 'Completed', false],
    ]);
    const other = list[1];
    const analysis = await bench.repo.getAnalysis(other.localId);
    expect(analysis.laps).toHaveLength(2);
    expect(await bench.repo.getSession(other.localId)).toMatchObject({ hasTexts: true });

    // Deleted on the server elsewhere: gone here too at the next refresh.
    bench.server.rows.delete('20260101_0800_Other');
    expect((await bench.repo.refreshFromServer()).map((s) => s.filename)).toEqual([FILE]);
    expect(await bench.db.analyses.get(other.localId)).toBeUndefined();
  });

  it('a refresh does not overwrite a local edit still waiting in the queue', async () => {
    bench = createBench();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    bench.network.goOffline();
    const s = (await bench.repo.listSessions())[0];
    await bench.repo.editSession(s.localId, { name: 'Edited offline' });
    await bench.repo.refreshFromServer();
    expect(await bench.repo.getSession(s.localId)).toMatchObject({ name: 'Edited offline', syncState: 'Pending' });
  });

  it('keeps best lap, lap count and duration on the row of a download, and re-timed laps rewrite them', async () => {
    bench = createBench();
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    // Duration: the session's first fix to its last (NMEA's two fixes are 40 ms apart), not the laps' sum.
    expect(saved.session.stats).toEqual({ version: SESSION_STATS_VERSION, bestLapMs: 60_500, lapCount: 2, durationMs: 40 });
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: '1;1;59000;19000;20000;20000;99;40\n2;2;62000;20000;21000;21000;98;41\n3;3;70000;0;0;0;80;20\n', nmea: NMEA });
    expect((await bench.repo.getSession(saved.session.localId))?.stats).toEqual({ version: SESSION_STATS_VERSION, bestLapMs: 59_000, lapCount: 3, durationMs: 40 });
  });

  it("stores an import's first fix as its start, to the millisecond, with the track's zone, and uploads that instant", async () => {
    bench = createBench();
    bench.network.goOffline();
    const start = { date: '2026-04-12T06:31:17.240Z', accuracyMs: 0, timeZone: 'Asia/Tbilisi' };
    // Named in Tbilisi time (10:31, UTC+4); the name's minute is not the start.
    const saved = await bench.repo.saveDownloadedSession({ filename: '20260412_1031_Track', laps: LAPS, nmea: NMEA, start });
    expect(saved.session).toMatchObject({ date: '2026-04-12T06:31:17.240Z', dateAccuracyMs: 0, timeZone: 'Asia/Tbilisi' });
    bench.network.goOnline();
    await bench.engine.kick();
    expect([...bench.server.rows.values()].map((r) => r.date)).toEqual(['2026-04-12T06:31:17.240Z']);
  });

  it("re-dates a session timed again from its file: its first fix's instant, on the server too", async () => {
    bench = createBench();
    bench.network.goOffline();
    // Stored by an older build near no known circuit: its name's 10:30 read in this device's zone, to the minute.
    const saved = await bench.repo.saveDownloadedSession({ filename: '20260412_1030_Track', laps: LAPS, nmea: NMEA });
    expect(saved.session).toMatchObject({ date: new Date(2026, 3, 12, 10, 30).toISOString(), dateAccuracyMs: 60_000 });
    // Its start/finish confirmed (the file read again): its first fix, 10:30:41.5 in Tbilisi (UTC+4).
    const start = { date: '2026-04-12T06:30:41.500Z', accuracyMs: 0, timeZone: 'Asia/Tbilisi' };
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: LAPS, nmea: NMEA, start });
    expect(await bench.repo.getSession(saved.session.localId)).toMatchObject({ date: '2026-04-12T06:30:41.500Z', dateAccuracyMs: 0, timeZone: 'Asia/Tbilisi' });
    bench.network.goOnline();
    await bench.engine.kick();
    expect([...bench.server.rows.values()].map((r) => r.date)).toEqual(['2026-04-12T06:30:41.500Z']);
    // Texts replaced without reading the file again keep the date.
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: LAPS, nmea: NMEA });
    expect((await bench.repo.getSession(saved.session.localId))?.date).toBe('2026-04-12T06:30:41.500Z');
  });

  it('reads rows of older builds without stats, and damaged stats as missing, then works them out from the stored laps', async () => {
    bench = createBench();
    bench.network.goOffline();
    const a = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    const b = await bench.repo.saveDownloadedSession({ filename: '20260413_0915_Kartodromo de Braga', laps: LAPS, nmea: '1;0;41.3;-8.1;50.5\n' });
    // As an older build left them: no stats at all, and stats of a shape this build does not know.
    await bench.db.sessions.update(a.session.localId, { stats: undefined });
    await bench.db.sessions.update(b.session.localId, { stats: { version: 1, bestLapMs: 'fast', lapCount: -3 } as never });
    const listed = await bench.repo.listSessions();
    expect(listed.map((s) => [s.filename, s.stats])).toEqual([
      ['20260413_0915_Kartodromo de Braga', undefined],
      [FILE, undefined],
    ]);
    expect(await bench.repo.backfillStats()).toBe(2);
    // b has one fix, so no length: its laps' sum stands in.
    const expected = { version: SESSION_STATS_VERSION, bestLapMs: 60_500, lapCount: 2, durationMs: 40 };
    expect((await bench.repo.listSessions()).map((s) => s.stats)).toEqual([{ ...expected, durationMs: 121_734 }, expected]);
    // Once done, nothing is left to do.
    expect(await bench.repo.backfillStats()).toBe(0);
  });

  it('a server session gets its stats when its texts first come to this device', async () => {
    bench = createBench({ analyse });
    await bench.server.transport().create({ name: 'Other', filename: '20260101_0800_Other', date: '2026-01-01T08:00:00', laps: LAPS, coordinates: NMEA });
    const [other] = await bench.repo.refreshFromServer();
    expect(other.stats).toBeUndefined();
    await bench.repo.getAnalysis(other.localId);
    expect((await bench.repo.getSession(other.localId))?.stats).toMatchObject({ bestLapMs: 60_500, lapCount: 2, durationMs: 40 });
  });

  it('drops a corrupt session row from the list instead of failing it', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.db.sessions.add({ ownerId: 7, filename: 'broken', syncState: 42 } as never);
    expect((await bench.repo.listSessions()).map((s) => s.filename)).toEqual([FILE]);
  });
});

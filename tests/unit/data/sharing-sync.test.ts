import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/data/api/api-error';
import type { SharingApi } from '../../../src/data/api/sharing';
import type { LapSlice } from '../../../src/contracts/sharing';
import { createSharingRepository } from '../../../src/data/repositories/sharing-repository';
import { LAPS, NMEA, createBench, settle, type Bench } from './sync-harness';

let bench: Bench;
afterEach(async () => {
  await bench?.close();
});

const FILE = '20260412_1030_Kartodromo de Braga';
const session = async (b: Bench, filename = FILE) => (await b.repo.getSessionByFilename(filename))!;

const slice = (sessionId: number, lapNumber: number, lapTimeMs: number): LapSlice => ({
  sessionId,
  lapNumber,
  lapTimeMs,
  ownerName: 'Rui C.',
  circuitId: 3,
  vehicleCategoryId: null,
  vehicleCategory: null,
  date: '2026-04-12',
  visibility: 'public',
  lapsLine: `1;${lapNumber};${lapTimeMs};20000;20000;20000;90;40`,
  coordinates: `${lapNumber};0;41.1;-8.1;50\n`,
  circuit: { id: 3, name: 'Braga', coordinates: '41.1;-8.1' },
});

/** A sharing server: the default, private-all, lap slices and the withdrawn check, with a network switch. */
function fakeSharingApi(state: { online: boolean; default: 'private' | 'team' | 'public'; shared: Set<string>; slices: number; privateAll: number; puts: string[] }): SharingApi {
  const net = () => {
    if (!state.online) throw new ApiError('NETWORK', 'Failed to fetch');
  };
  const api: Partial<SharingApi> = {
    settings: async () => (net(), { defaultVisibility: state.default }),
    saveSettings: async (v) => {
      net();
      state.puts.push(v);
      state.default = v;
      return { defaultVisibility: v };
    },
    makeAllPrivate: async () => (net(), state.privateAll++, { changed: 0 }),
    lapSlice: async (sessionId, lapNumber) => {
      net();
      if (!state.shared.has(`${sessionId}:${lapNumber}`)) throw new ApiError('NOT_FOUND', 'Lap not found.', 404);
      state.slices++;
      return slice(sessionId, lapNumber, 60_000 + lapNumber);
    },
    checkLaps: async (laps) => (net(), laps.filter((l) => state.shared.has(`${l.sessionId}:${l.lapNumber}`))),
    invitations: async () => (net(), []),
    accept: async () => (net(), 1),
  };
  return api as SharingApi;
}

function sharingOf(b: Bench, state: Parameters<typeof fakeSharingApi>[0]) {
  return createSharingRepository({ db: () => b.db, api: fakeSharingApi(state), currentUserId: () => b.user.id, editSession: (id, edit) => b.repo.editSession(id, edit) });
}
const newState = () => ({ online: true, default: 'private' as const, shared: new Set<string>(), slices: 0, privateAll: 0, puts: [] as string[] });

describe('sharing a session, offline first', () => {
  it('a visibility chosen before the first upload reaches the server in a PATCH right after the POST', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.engine.start();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.repo.editSession(saved.session.localId, { visibility: 'public' });
    expect(await session(bench)).toMatchObject({ visibility: 'public', syncState: 'Pending', serverId: null });
    // The create carries the other fields: no PATCH is queued while it waits.
    expect((await bench.db.outbox.toArray()).map((e) => e.kind)).toEqual(['create-session']);

    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    await bench.engine.kick();
    const row = bench.server.rows.get(FILE)!;
    expect(bench.server.posts).toBe(1);
    expect(bench.server.patches).toEqual([{ id: row.id, body: expect.objectContaining({ visibility: 'public' }) }]);
    expect(row.visibility).toBe('public');
    expect(await session(bench)).toMatchObject({ visibility: 'public', syncState: 'Completed' });
    expect(await bench.db.outbox.count()).toBe(0);
  });

  it('a session uploaded without a choice takes the server default and sends no PATCH', async () => {
    bench = createBench();
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    await bench.engine.kick();
    expect(bench.server.patches).toEqual([]);
    expect(await session(bench)).toMatchObject({ visibility: 'private', syncState: 'Completed' });
  });

  it('a default chosen offline is kept, given to sessions stored meanwhile, and sent once online', async () => {
    bench = createBench();
    const state = newState();
    state.online = false;
    const sharing = sharingOf(bench, state);
    await sharing.setDefaultVisibility('team');
    expect(await sharing.defaultVisibility()).toEqual({ visibility: 'team', sent: false });
    bench.network.goOffline();
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    expect(await session(bench)).toMatchObject({ visibility: 'team' });

    // The upload goes before the setting: the server made it private (its old default), the PATCH shares it.
    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    await bench.engine.kick();
    expect(bench.server.rows.get(FILE)!.visibility).toBe('team');
    state.online = true;
    await sharing.flush();
    expect(state.puts).toEqual(['team']);
    expect(await sharing.defaultVisibility()).toEqual({ visibility: 'team', sent: true });
  });

  it('a choice changed on a session already uploaded goes as a PATCH even while a PUT of new texts waits', async () => {
    bench = createBench();
    await bench.engine.start();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    bench.network.goOffline();
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: LAPS.replace('61234', '61000'), nmea: NMEA });
    await bench.repo.editSession(saved.session.localId, { visibility: 'team' });
    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    expect(bench.server.puts).toHaveLength(1);
    expect(bench.server.rows.get(FILE)!.visibility).toBe('team');
  });

  it('make all private: one call online with every row here private; offline each shared one queued private', async () => {
    bench = createBench();
    const state = newState();
    const sharing = sharingOf(bench, state);
    await bench.engine.start();
    const a = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    const b = await bench.repo.saveDownloadedSession({ filename: '20260413_1030_Kartodromo de Braga', laps: LAPS, nmea: NMEA.replace('50.5', '52.5') });
    await bench.engine.idle();
    await bench.repo.editSession(a.session.localId, { visibility: 'public' });
    await bench.repo.editSession(b.session.localId, { visibility: 'team' });
    await bench.engine.idle();
    expect([...bench.server.rows.values()].map((r) => r.visibility).sort()).toEqual(['public', 'team']);

    state.online = false;
    bench.network.goOffline();
    expect(await sharing.makeAllPrivate()).toBe(2);
    expect((await bench.repo.listSessions()).map((s) => s.visibility)).toEqual(['private', 'private']);
    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    expect([...bench.server.rows.values()].map((r) => r.visibility)).toEqual(['private', 'private']);

    state.online = true;
    await bench.repo.editSession(a.session.localId, { visibility: 'public' });
    await bench.engine.idle();
    expect(await sharing.makeAllPrivate()).toBe(1);
    expect(state.privateAll).toBe(1);
    expect((await bench.repo.listSessions()).map((s) => s.visibility)).toEqual(['private', 'private']);
  });
});

describe('reference laps kept for offline use', () => {
  it('a lap fetched once is served from this device offline, and dropped at the next sync once withdrawn', async () => {
    bench = createBench();
    const state = newState();
    state.shared.add('55:4');
    state.shared.add('56:2');
    const sharing = sharingOf(bench, state);
    const lap = await sharing.referenceLap(55, 4);
    await sharing.referenceLap(56, 2);
    expect(lap).toMatchObject({ ownerName: 'Rui C.', lapTimeMs: 60_004 });
    expect(state.slices).toBe(2);

    state.online = false;
    expect(await sharing.referenceLap(55, 4)).toEqual(lap);
    expect(state.slices).toBe(2);
    expect((await sharing.keptLapsOf(3)).map((r) => [r.slice.ownerName, r.slice.lapTimeMs])).toEqual([
      ['Rui C.', 60_002],
      ['Rui C.', 60_004],
    ]);
    await sharing.flush();
    expect(await sharing.keptLapsOf(3)).toHaveLength(2);

    state.online = true;
    state.shared.delete('55:4');
    await sharing.flush();
    expect((await sharing.keptLapsOf(3)).map((r) => r.slice.sessionId)).toEqual([56]);
    await expect(sharing.referenceLap(55, 4)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Another account on this device never sees the first one's kept laps.
    bench.user.id = 8;
    expect(await sharing.keptLapsOf(3)).toEqual([]);
  });
});

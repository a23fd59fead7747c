import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncTransport } from '../../../src/data/sync/sync-types';
import { LAPS, NMEA, createBench, settle, type Bench } from './sync-harness';

/**
 * A stored session whose texts change on this device (laps re-timed from edited gates) goes to the server like a
 * new one: a PUT of the whole session, also after going offline and reopening the tab, exactly once, coalesced with
 * whatever else is waiting for that session.
 */
let bench: Bench;
afterEach(async () => {
  await bench?.close();
});

const FILE = '20260412_1030_Kartodromo de Braga';
const RETIMED = '1;0;0;0;0;0;0;0\n2;1;60120;19800;20900;19420;98.5;41.2\n';
const RETIMED_AGAIN = '1;0;0;0;0;0;0;0\n2;1;60080;19790;20890;19400;98.5;41.2\n';
const session = async (b: Bench) => (await b.repo.getSessionByFilename(FILE))!;
const outbox = (b: Bench) => b.db.outbox.toArray();

async function uploaded(b: Bench) {
  await b.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
  await b.engine.kick();
  const s = await session(b);
  expect(s).toMatchObject({ syncState: 'Completed' });
  return s;
}

describe('local re-timing of a session', () => {
  it('re-timed offline, it stays queued across a reopened tab and is PUT exactly once when the network is back', async () => {
    bench = createBench({ dbName: `replace-${Math.random()}` });
    const s = await uploaded(bench);
    bench.network.goOffline();
    await bench.repo.replaceSessionTexts(s.localId, { laps: RETIMED, nmea: NMEA });
    await bench.engine.kick();
    expect(bench.server.puts).toEqual([]);
    expect(await session(bench)).toMatchObject({ syncState: 'Pending' });
    expect(await outbox(bench)).toMatchObject([{ kind: 'replace-session', sessionLocalId: s.localId }]);
    expect(await bench.repo.loadTextStrings(s.localId)).toEqual({ laps: RETIMED, nmea: NMEA });

    // The tab is closed; a new one opens (the queue lives in IndexedDB), first offline, then online.
    bench.engine.stop();
    const reopened = bench.newTab();
    await reopened.engine.start();
    expect(bench.server.puts).toEqual([]);
    bench.network.goOnline();
    await settle();
    await reopened.engine.idle();
    await reopened.engine.kick();
    expect(bench.server.puts).toEqual([{ id: s.serverId, laps: RETIMED }]);
    expect(bench.server.posts).toBe(1);
    expect(bench.server.rows.get(FILE)!.laps).toBe(RETIMED);
    expect(await outbox(bench)).toEqual([]);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', serverId: s.serverId });
    expect(reopened.events).toContainEqual({ type: 'updated', localId: s.localId, name: s.name });
  });

  it('two re-timings and a field edit made offline go as one PUT with the latest laps and fields, no PATCH', async () => {
    bench = createBench();
    const s = await uploaded(bench);
    bench.network.goOffline();
    await bench.repo.editSession(s.localId, { favorite: true });
    await bench.repo.replaceSessionTexts(s.localId, { laps: RETIMED, nmea: NMEA });
    await bench.repo.replaceSessionTexts(s.localId, { laps: RETIMED_AGAIN, nmea: NMEA });
    await bench.repo.editSession(s.localId, { name: 'Braga, new gates' });
    expect(await outbox(bench)).toHaveLength(1);
    bench.network.goOnline();
    await settle();
    await bench.engine.kick();
    expect(bench.server.puts).toEqual([{ id: s.serverId, laps: RETIMED_AGAIN }]);
    expect(bench.server.patches).toEqual([]);
    expect(bench.server.rows.get(FILE)).toMatchObject({ name: 'Braga, new gates', favorite: true, laps: RETIMED_AGAIN });
    expect(await outbox(bench)).toEqual([]);
  });

  it('a re-timing before the first upload travels inside the POST, with no PUT', async () => {
    bench = createBench();
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: RETIMED, nmea: NMEA });
    expect(await outbox(bench)).toMatchObject([{ kind: 'create-session' }]);
    bench.network.goOnline();
    await settle();
    await bench.engine.kick();
    expect(bench.server.posts).toBe(1);
    expect(bench.server.puts).toEqual([]);
    expect(bench.server.rows.get(FILE)!.laps).toBe(RETIMED);
  });

  /** A transport whose first call of `method` waits until `release()`. */
  function holdFirst(method: 'create' | 'replace') {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let held = false;
    const wrap = (t: SyncTransport): SyncTransport => {
      const original = t[method] as (...args: unknown[]) => Promise<unknown>;
      return {
        ...t,
        [method]: async (...args: unknown[]) => {
          if (!held) {
            held = true;
            await gate;
          }
          return original(...args);
        },
      };
    };
    return { wrap, release: () => release() };
  }

  it('a re-timing while the POST is in flight is PUT right after it', async () => {
    const hold = holdFirst('create');
    bench = createBench({ wrapTransport: hold.wrap });
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    bench.network.goOnline();
    const running = bench.engine.kick();
    await settle();
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: RETIMED, nmea: NMEA });
    expect((await outbox(bench)).map((e) => e.kind)).toEqual(['create-session', 'replace-session']);
    hold.release();
    await running;
    await bench.engine.idle();
    expect(bench.server.posts).toBe(1);
    expect(bench.server.puts).toEqual([{ id: bench.server.rows.get(FILE)!.id, laps: RETIMED }]);
    expect(await outbox(bench)).toEqual([]);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
  });

  it('a re-timing while its PUT is in flight sends the newer laps once more after it', async () => {
    const hold = holdFirst('replace');
    bench = createBench({ wrapTransport: hold.wrap });
    const s = await uploaded(bench);
    bench.network.goOffline();
    await bench.repo.replaceSessionTexts(s.localId, { laps: RETIMED, nmea: NMEA });
    bench.network.goOnline();
    const running = bench.engine.kick();
    await settle();
    await bench.repo.replaceSessionTexts(s.localId, { laps: RETIMED_AGAIN, nmea: NMEA });
    hold.release();
    await running;
    await bench.engine.idle();
    expect(bench.server.puts.map((p) => p.laps)).toEqual([RETIMED, RETIMED_AGAIN]);
    expect(bench.server.rows.get(FILE)!.laps).toBe(RETIMED_AGAIN);
    expect(await outbox(bench)).toEqual([]);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
  });

  it('a PUT waiting for an upload that gets refused waits quietly instead of making the queue run again at once', async () => {
    const hold = holdFirst('create');
    bench = createBench({ wrapTransport: hold.wrap });
    bench.network.goOffline();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    bench.server.faults = [400];
    bench.network.goOnline();
    const running = bench.engine.kick();
    await settle();
    await bench.repo.replaceSessionTexts(saved.session.localId, { laps: RETIMED, nmea: NMEA });
    hold.release();
    await running;
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Failed' });
    // No timer due now: nothing re-runs the queue in a loop while the upload waits for the user.
    expect(bench.clock.nextTimerAt() === null || bench.clock.nextTimerAt()! > bench.clock.now()).toBe(true);
    expect(bench.server.puts).toEqual([]);

    // The user's retry: the upload goes, and the re-timed texts with it (one POST; the PUT then has nothing new).
    await bench.repo.retrySync(saved.session.localId);
    await bench.engine.idle();
    await bench.engine.kick();
    expect(bench.server.rows.get(FILE)!.laps).toBe(RETIMED);
    expect(await outbox(bench)).toEqual([]);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
  });
});

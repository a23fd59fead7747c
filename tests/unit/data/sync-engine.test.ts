import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, LEASE_MS, PARKED_AT, backoffDelayMs, decideAfterFailure } from '../../../src/data/sync/sync-policy';
import { ApiError } from '../../../src/data/api/api-error';
import { FakeSyncLock, LAPS, NMEA, createBench, settle, type Bench } from './sync-harness';

let bench: Bench;
afterEach(async () => {
  await bench?.close();
});

const FILE = '20260412_1030_Kartodromo de Braga';
const session = async (b: Bench, filename = FILE) => (await b.repo.getSessionByFilename(filename))!;
const outbox = (b: Bench) => b.db.outbox.toArray();

describe('sync policy', () => {
  it('grows the retry delay exponentially up to the ceiling, with jitter between 50 % and 100 %', () => {
    expect(backoffDelayMs(1, 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelayMs(1, 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelayMs(3, 1)).toBe(BACKOFF_BASE_MS * 4);
    expect(backoffDelayMs(40, 1)).toBe(BACKOFF_MAX_MS);
    for (let a = 1; a < 12; a++) expect(backoffDelayMs(a + 1, 1)).toBeGreaterThanOrEqual(backoffDelayMs(a, 1));
  });

  it('waits quietly when offline, shows Failed on server errors, parks on refusals and finishes deletes of what is gone', () => {
    expect(decideAfterFailure('create-session', new ApiError('NETWORK', 'x'), 1, 0.5)).toMatchObject({ action: 'retry', state: 'Pending', stopRun: true });
    expect(decideAfterFailure('create-session', new ApiError('INTERNAL', 'x', 500), 1, 0.5)).toMatchObject({ action: 'retry', state: 'Failed' });
    expect(decideAfterFailure('create-session', new ApiError('TIMEOUT', 'x'), 1, 0.5)).toMatchObject({ action: 'retry', state: 'Failed' });
    expect(decideAfterFailure('create-session', new ApiError('RATE_LIMITED', 'x', 429), 1, 0.5)).toMatchObject({ action: 'retry', stopRun: true });
    const taken = { message: 'A different session with this file name already exists.', code: 'CONFLICT', messageId: 'sessionFileNameTaken' };
    expect(decideAfterFailure('create-session', new ApiError('CONFLICT', taken.message, 409, taken), 1, 0.5)).toMatchObject({
      action: 'park',
      message: { text: 'A different session with this file name already exists.', id: 'sessionFileNameTaken' },
    });
    expect(decideAfterFailure('patch-session', new ApiError('UNAUTHORIZED', 'x', 401), 1, 0.5)).toEqual({ action: 'signed-out' });
    expect(decideAfterFailure('delete-session', new ApiError('NOT_FOUND', 'x', 404), 1, 0.5)).toEqual({ action: 'done' });
  });
});

describe('sync engine', () => {
  it('keeps a session downloaded offline as Pending and uploads it exactly once when the online event comes', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.kick();
    expect(bench.server.posts).toBe(0);
    expect(await session(bench)).toMatchObject({ syncState: 'Pending', serverId: null, name: 'Kartodromo de Braga 12/04/2026 10H30' });
    expect(await bench.repo.syncSummary()).toEqual({ Pending: 1, 'In Progress': 0, Completed: 0, Failed: 0 });

    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    expect(bench.server.posts).toBe(1);
    expect(bench.server.rows.size).toBe(1);
    const row = bench.server.rows.get(FILE)!;
    expect(row.laps).toBe(LAPS);
    expect(row.coordinates).toBe(NMEA);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', serverId: row.id, lastError: null });
    expect(await outbox(bench)).toEqual([]);
    expect(await bench.repo.syncSummary()).toEqual({ Pending: 0, 'In Progress': 0, Completed: 1, Failed: 0 });
    expect(bench.events).toContainEqual({ type: 'uploaded', localId: (await session(bench)).localId, name: row.name, serverId: row.id });
  });

  it("uploads a session an older build saved with a zone-less date as the instant of that wall-clock time", async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.engine.start();
    const saved = await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.db.sessions.update(saved.session.localId, { date: '2026-04-12T10:30:00' });
    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    expect(bench.server.sentDates).toEqual([new Date(2026, 3, 12, 10, 30).toISOString()]);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
  });

  it('when a request finds no network it waits as Pending and retries after the backoff by itself', async () => {
    bench = createBench();
    bench.server.faults = ['network'];
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.kick();
    expect(await session(bench)).toMatchObject({ syncState: 'Pending', lastError: { text: 'Waiting for a connection', id: 'waitingForConnection' } });
    const [entry] = await outbox(bench);
    expect(entry.attempts).toBe(1);
    expect(entry.nextAttemptAt - bench.clock.now()).toBe(backoffDelayMs(1, 0.5));
    expect(bench.clock.nextTimerAt()).toBe(entry.nextAttemptAt);

    bench.clock.advance(backoffDelayMs(1, 0.5));
    await settle();
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
    expect(bench.server.rows.size).toBe(1);
  });

  it('shows 500s as Failed with the message, backs off longer each time, then completes', async () => {
    bench = createBench();
    bench.server.faults = [500, 500];
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Failed', lastError: { text: 'Internal Server Error' } });
    expect(bench.events.some((e) => e.type === 'failed' && e.willRetry)).toBe(true);
    const first = (await outbox(bench))[0].nextAttemptAt - bench.clock.now();

    bench.clock.advance(first);
    await settle();
    await bench.engine.idle();
    expect((await outbox(bench))[0].attempts).toBe(2);
    const second = (await outbox(bench))[0].nextAttemptAt - bench.clock.now();
    expect(second).toBeGreaterThan(first);

    bench.clock.advance(second);
    await settle();
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', lastError: null });
    expect(bench.server.posts).toBe(3);
    expect(bench.server.rows.size).toBe(1);
  });

  it('a timeout after the server stored the session is retried and still gives one server session', async () => {
    bench = createBench();
    bench.server.faults = ['timeout-after-store'];
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Failed' });
    expect(bench.server.rows.size).toBe(1);

    bench.clock.advance(BACKOFF_MAX_MS);
    await settle();
    await bench.engine.idle();
    expect(bench.server.posts).toBe(2);
    expect(bench.server.rows.size).toBe(1);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', serverId: bench.server.rows.get(FILE)!.id });
  });

  it('two tabs kicking at once post the session once (the lease keeps the second tab off it)', async () => {
    bench = createBench();
    const tab2 = bench.newTab();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await Promise.all([bench.engine.kick(), tab2.engine.kick(), bench.engine.kick(), tab2.engine.kick()]);
    await Promise.all([bench.engine.idle(), tab2.engine.idle()]);
    expect(bench.server.posts).toBe(1);
    expect(bench.server.rows.size).toBe(1);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
  });

  it('downloading the same session again does not queue a second upload', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    expect(await outbox(bench)).toHaveLength(1);
    expect(await bench.db.sessions.count()).toBe(1);
    bench.network.goOnline();
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.kick();
    expect(bench.server.posts).toBe(1);
    expect(await outbox(bench)).toEqual([]);
  });

  it('a tab closed mid-upload is resumed by the reopened tab once its lease ran out, without a second server session', async () => {
    bench = createBench();
    bench.server.faults = ['hang-after-store'];
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    void bench.engine.kick(); // this tab now hangs in the POST forever: it is "closed"
    await settle();
    expect(await session(bench)).toMatchObject({ syncState: 'In Progress' });
    expect(bench.server.rows.size).toBe(1);

    const reopened = bench.newTab();
    await reopened.engine.start();
    expect(bench.server.posts).toBe(1); // the lease is still held
    expect(await session(bench)).toMatchObject({ syncState: 'In Progress' });

    bench.clock.advance(LEASE_MS + 1);
    await settle();
    await reopened.engine.idle();
    expect(bench.server.posts).toBe(2);
    expect(bench.server.rows.size).toBe(1);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', serverId: bench.server.rows.get(FILE)!.id });
    expect(reopened.events.map((e) => e.type)).toContain('uploaded');
    expect(await outbox(bench)).toEqual([]);
  });

  it("under the cross-tab lock, a reopened tab takes over a closed tab's upload at once instead of waiting for its lease", async () => {
    const lock = new FakeSyncLock();
    bench = createBench({ lock });
    bench.server.faults = ['hang-after-store'];
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    void bench.engine.kick(); // holds the lock and hangs in the POST
    await settle();
    expect(await session(bench)).toMatchObject({ syncState: 'In Progress' });

    const reopened = bench.newTab();
    await reopened.engine.start();
    expect(bench.server.posts).toBe(1); // the other tab still holds the lock: nothing sent twice
    lock.drop(); // that tab is closed: the browser releases its lock
    await reopened.engine.kick();
    await reopened.engine.idle();
    expect(bench.server.posts).toBe(2); // without advancing the clock by the lease
    expect(bench.server.rows.size).toBe(1);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', serverId: bench.server.rows.get(FILE)!.id });
    expect(await outbox(bench)).toEqual([]);
  });

  it('a session whose stored files cannot be read keeps its upload entry, parked and shown as Failed', async () => {
    bench = createBench();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.db.sessionTexts.clear(); // a damaged store
    await bench.engine.start();
    await bench.engine.idle();
    expect(bench.server.posts).toBe(0);
    expect(await session(bench)).toMatchObject({ syncState: 'Failed', lastError: { text: "This session's stored files cannot be read. Download it from ASTRO again.", id: 'unreadableFiles' } });
    expect(await outbox(bench)).toHaveLength(1);
  });

  it("a refused upload (400) is parked as Failed until the user's retry", async () => {
    bench = createBench();
    bench.server.faults = [400];
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Failed', lastError: { text: 'Invalid request body' } });
    expect((await outbox(bench))[0].nextAttemptAt).toBe(PARKED_AT);
    bench.clock.advance(BACKOFF_MAX_MS * 10);
    await settle();
    expect(bench.server.posts).toBe(1);

    await bench.repo.retrySync((await session(bench)).localId);
    await bench.engine.kick();
    expect(bench.server.posts).toBe(2);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
  });

  it("an upload over the account's storage quota (413 QUOTA_EXCEEDED) stays in the outbox, Failed with the server's message, until the user retries", async () => {
    bench = createBench();
    const message = 'Your storage on the server is full. Delete sessions you no longer need, then retry the upload.';
    bench.server.faults = [new ApiError('QUOTA_EXCEEDED', message, 413, { message, code: 'QUOTA_EXCEEDED', messageId: 'storageFull' })];
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    expect(await session(bench)).toMatchObject({ syncState: 'Failed', lastError: { text: message, id: 'storageFull' }, serverId: null });
    expect(await outbox(bench)).toHaveLength(1);
    expect((await outbox(bench))[0].nextAttemptAt).toBe(PARKED_AT);
    expect(bench.events.some((e) => e.type === 'failed' && e.message.id === 'storageFull' && e.message.text === message && !e.willRetry)).toBe(true);

    await bench.repo.retrySync((await session(bench)).localId);
    await bench.engine.kick();
    expect(await session(bench)).toMatchObject({ syncState: 'Completed' });
    expect(await outbox(bench)).toEqual([]);
  });

  it('an upload over the hourly upload rate (429 QUOTA_EXCEEDED) stays queued, Failed with the message, and the rest of the queue waits with it', async () => {
    bench = createBench();
    const message = 'Too many session uploads in the last hour. The app sends the rest by itself later.';
    bench.server.faults = [new ApiError('QUOTA_EXCEEDED', message, 429, { message, code: 'QUOTA_EXCEEDED', messageId: 'tooManyUploads' })];
    bench.network.goOffline();
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.repo.saveDownloadedSession({ filename: '20260412_1130_Kartodromo de Braga', laps: LAPS, nmea: NMEA });
    bench.network.goOnline();
    await settle();
    await bench.engine.idle();
    // One request: the second upload would meet the same limit, so it is not sent until the first is retried.
    expect(bench.server.posts).toBe(1);
    expect(await session(bench)).toMatchObject({ syncState: 'Failed', lastError: { text: message, id: 'tooManyUploads' } });
    expect(await outbox(bench)).toHaveLength(2);

    bench.clock.advance(BACKOFF_MAX_MS);
    await settle();
    await bench.engine.idle();
    expect(await bench.repo.syncSummary()).toMatchObject({ Completed: 2, Failed: 0 });
    expect(await outbox(bench)).toEqual([]);
  });

  it('stops and keeps the entry when the server says the login is over (401)', async () => {
    bench = createBench();
    bench.server.faults = ['unauthorized'];
    await bench.engine.start();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.idle();
    expect(bench.events.map((e) => e.type)).toContain('signed-out');
    expect(await outbox(bench)).toHaveLength(1);
    expect(await session(bench)).toMatchObject({ syncState: 'Pending', lastError: { text: 'Sign in again to upload', id: 'signInToUpload' } });
  });

  it("only sends the signed-in user's queue", async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    bench.user.id = 8;
    bench.network.online = true;
    await bench.engine.kick();
    expect(bench.server.posts).toBe(0);
    bench.user.id = 7;
    await bench.engine.kick();
    expect(bench.server.posts).toBe(1);
  });

  it('an edit made offline before the upload travels inside the POST, with no PATCH', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    const s = await session(bench);
    await bench.repo.editSession(s.localId, { name: 'Braga wet', favorite: true, weatherConditions: 'Wet' });
    expect(await outbox(bench)).toHaveLength(1);
    bench.network.goOnline();
    await bench.engine.kick();
    expect(bench.server.rows.get(FILE)).toMatchObject({ name: 'Braga wet', favorite: true, weatherConditions: 'Wet' });
    expect(bench.server.patches).toEqual([]);
  });

  it('edits made offline after the upload are merged into one PATCH with the base updatedAt', async () => {
    bench = createBench();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.kick();
    const uploaded = await session(bench);
    bench.network.goOffline();
    await bench.repo.editSession(uploaded.localId, { name: 'First' });
    await bench.repo.editSession(uploaded.localId, { favorite: true });
    expect(await session(bench)).toMatchObject({ name: 'First', favorite: true, syncState: 'Pending' });
    expect(await outbox(bench)).toHaveLength(1);
    bench.network.goOnline();
    await settle();
    await bench.engine.kick();
    expect(bench.server.patches).toEqual([{ id: uploaded.serverId, body: { name: 'First', favorite: true, baseUpdatedAt: uploaded.serverUpdatedAt } }]);
    expect(await session(bench)).toMatchObject({ syncState: 'Completed', name: 'First', favorite: true });
    expect(bench.events.map((e) => e.type)).toContain('updated');
  });

  it("tells the user when the server's copy had changed (last writer wins)", async () => {
    bench = createBench();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.kick();
    bench.server.changedElsewhere = true;
    const s = await session(bench);
    await bench.repo.editSession(s.localId, { name: 'Mine wins' });
    await bench.engine.kick();
    expect(bench.events).toContainEqual({ type: 'conflict', localId: s.localId, name: 'Mine wins' });
    expect(bench.server.rows.get(FILE)!.name).toBe('Mine wins');
  });

  it('deleting a session not yet uploaded never reaches the server; deleting an uploaded one sends DELETE', async () => {
    bench = createBench();
    bench.network.goOffline();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.repo.deleteSession((await session(bench)).localId);
    expect(await outbox(bench)).toEqual([]);
    expect(await bench.db.sessionTexts.count()).toBe(0);

    bench.network.goOnline();
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    await bench.engine.kick();
    const serverId = (await session(bench)).serverId!;
    await bench.repo.deleteSession((await session(bench)).localId);
    await bench.engine.kick();
    expect(bench.server.deletes).toEqual([serverId]);
    expect(bench.server.rows.size).toBe(0);
    expect(await outbox(bench)).toEqual([]);
  });

  it('a session deleted while its upload is in flight is deleted on the server once the upload answers', async () => {
    bench = createBench();
    let release: () => void = () => undefined;
    const transport = bench.server.transport();
    const slowCreate = transport.create;
    const gate = new Promise<void>((r) => (release = r));
    transport.create = async (body, signal) => {
      await gate;
      return slowCreate(body, signal);
    };
    const { SyncEngine } = await import('../../../src/data/sync/sync-engine');
    const { createOutboxStore } = await import('../../../src/data/sync/outbox-store');
    const engine = new SyncEngine({ store: createOutboxStore(() => bench.db), transport, clock: bench.clock, network: bench.network, currentUserId: () => 7 });
    await bench.repo.saveDownloadedSession({ filename: FILE, laps: LAPS, nmea: NMEA });
    const run = engine.kick();
    await settle();
    await bench.repo.deleteSession((await session(bench)).localId);
    release();
    await run;
    await engine.kick();
    engine.stop();
    expect(bench.server.rows.size).toBe(0);
    expect(bench.server.deletes).toHaveLength(1);
    expect(await outbox(bench)).toEqual([]);
  });
});

describe('sync notices', () => {
  it("turns uploads, conflicts and failures needing the user into the spec's messages, and keeps retries quiet", async () => {
    const { syncNoticeFor } = await import('../../../src/data/sync/sync-notices');
    expect(syncNoticeFor({ type: 'uploaded', localId: 1, name: 'Braga', serverId: 3 })).toEqual({ tone: 'success', message: 'sessionUploaded' });
    expect(syncNoticeFor({ type: 'conflict', localId: 1, name: 'Braga' })).toEqual({ tone: 'warning', message: { id: 'syncConflict', params: { name: 'Braga' } } });
    expect(syncNoticeFor({ type: 'failed', localId: 1, message: { text: 'Invalid' }, willRetry: false })).toEqual({ tone: 'error', message: 'sessionUpdateFailed', detail: { text: 'Invalid' } });
    expect(syncNoticeFor({ type: 'failed', localId: 1, message: { text: 'Internal Server Error' }, willRetry: true })).toBeNull();
    expect(syncNoticeFor({ type: 'idle', nextDueAt: null })).toBeNull();
  });
});

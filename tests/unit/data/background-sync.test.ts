import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SYNC_NOW_MESSAGE, SYNC_TAG, handleBackgroundSync } from '../../../src/data/sync/background-sync';
import { getDb } from '../../../src/data/db/database';
import { json, makeToken } from './fake-server';

afterEach(async () => {
  vi.unstubAllGlobals();
  await getDb().delete();
  await getDb().open();
});

function syncEvent(tag: string) {
  let done: Promise<unknown> = Promise.resolve();
  const event = Object.assign(new Event('sync'), { tag, waitUntil: (p: Promise<unknown>) => (done = p) });
  return { event, done: () => done };
}

async function queueOneSession() {
  const db = getDb();
  await db.kv.put({ key: 'lastUserId', value: 7 });
  const localId = (await db.sessions.add({
    ownerId: 7, filename: '20260412_1030_Braga', serverId: null, source: 'device', name: 'Braga 12/04/2026 10H30', date: '2026-04-12T10:30:00',
    circuitId: null, vehicleCategoryId: null, favorite: false, weatherConditions: null, hasTexts: true, lapsBytes: 3, nmeaBytes: 3, summary: null,
    syncState: 'Pending', lastError: null, updatedAt: 'x', serverUpdatedAt: null, createdAt: 'x',
  } as never)) as number;
  await db.sessionTexts.put({ localId, laps: new TextEncoder().encode('1;1;1;1;1;1;1;1\n').buffer, nmea: new TextEncoder().encode('1;0;41;-8;50\n').buffer });
  await db.outbox.add({ ownerId: 7, kind: 'create-session', sessionLocalId: localId, filename: '20260412_1030_Braga', patch: null, serverId: null, attempts: 0, nextAttemptAt: 0, leaseUntil: 0, lastError: null, createdAt: 0 } as never);
  return localId;
}

describe('Background Sync in the service worker', () => {
  it('ignores other tags', () => {
    const { event, done } = syncEvent('something-else');
    handleBackgroundSync(event);
    return expect(done()).resolves.toBeUndefined();
  });

  it('asks an open page to run its own sync engine instead of refreshing tokens itself', async () => {
    const posted: unknown[] = [];
    const fetchSpy = vi.fn();
    vi.stubGlobal('clients', { matchAll: async () => [{ postMessage: (m: unknown) => posted.push(m) }] });
    vi.stubGlobal('fetch', fetchSpy);
    await queueOneSession();
    const { event, done } = syncEvent(SYNC_TAG);
    handleBackgroundSync(event);
    await done();
    expect(posted).toEqual([{ type: SYNC_NOW_MESSAGE }]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('with no page open it renews the token from the cookie and uploads the outbox itself', async () => {
    const calls: { url: string; auth: string | undefined }[] = [];
    vi.stubGlobal('clients', { matchAll: async () => [] });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, auth: (init.headers as Record<string, string>).Authorization });
      if (url === '/api/auth/refresh') return json(200, { accessToken: makeToken({ exp: Math.floor(Date.now() / 1000) + 900 }) });
      const now = new Date().toISOString();
      return json(201, {
        id: 41, name: 'Braga 12/04/2026 10H30', filename: '20260412_1030_Braga', userId: 7, circuitId: null, vehicleCategoryId: null, date: now,
        favorite: false, weatherConditions: null, lapsBytes: 3, coordinatesBytes: 3, bestLapMs: null, lapCount: 0, circuit: null,
        vehicleCategory: null, user: { firstName: 'Ana' }, createdAt: now, updatedAt: now,
      });
    });
    const localId = await queueOneSession();
    const { event, done } = syncEvent(SYNC_TAG);
    handleBackgroundSync(event);
    await done();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/sessions']);
    expect(calls[1].auth).toMatch(/^Bearer /);
    expect(await getDb().sessions.get(localId)).toMatchObject({ syncState: 'Completed', serverId: 41 });
    expect(await getDb().outbox.count()).toBe(0);
  });

  it('rejects (so the browser retries later) when the outbox could not be sent', async () => {
    vi.stubGlobal('clients', { matchAll: async () => [] });
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/auth/refresh' ? json(200, { accessToken: makeToken({ exp: Math.floor(Date.now() / 1000) + 900 }) }) : json(503, { message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' }),
    );
    await queueOneSession();
    const { event, done } = syncEvent(SYNC_TAG);
    handleBackgroundSync(event);
    await expect(done()).rejects.toThrow(/retry/);
    expect(await getDb().outbox.count()).toBe(1);
  });
});

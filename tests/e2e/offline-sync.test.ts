/**
 * Offline sync end to end, in headless Chromium against the built app and a real server: sign in online -> cut the
 * network (context offline) -> reload (served by the service worker) -> download sessions from the simulated
 * ASTRO -> they are stored and analysed in the worker while offline -> close the tab -> reopen with the network
 * back -> the sessions are uploaded by themselves, exactly once each, and shown 'In Cloud'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { smallestSessions } from './smallest-sessions';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ serviceWorker: true });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

interface StoredSession {
  filename: string;
  syncState: string;
  serverId: number | null;
  analysedLaps: number | null;
  textBytes: number;
}

/** The app's IndexedDB as the test sees it (plain IndexedDB API, no app hook). */
function readStore(page: Page): Promise<{ sessions: StoredSession[]; circuits: number; outbox: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('astro-companion');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = <T,>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result as T[]);
        req.onerror = () => reject(req.error);
      });
    const sessions = await all<{ localId: number; filename: string; syncState: string; serverId: number | null }>('sessions');
    const analyses = await all<{ localId: number; result: { laps: unknown[] } }>('analyses');
    // Blobs since the texts left put()'s main-thread serialisation (ArrayBuffers in rows of older builds).
    const texts = await all<{ localId: number; laps: ArrayBuffer | Blob; nmea: ArrayBuffer | Blob }>('sessionTexts');
    const size = (b: ArrayBuffer | Blob) => (b instanceof Blob ? b.size : b.byteLength);
    const circuits = (await all('circuits')).length;
    const outbox = (await all('outbox')).length;
    db.close();
    return {
      circuits,
      outbox,
      sessions: sessions.map((s) => {
        const t = texts.find((x) => x.localId === s.localId);
        return {
          filename: s.filename,
          syncState: s.syncState,
          serverId: s.serverId,
          analysedLaps: analyses.find((a) => a.localId === s.localId)?.result.laps.length ?? null,
          textBytes: t ? size(t.laps) + size(t.nmea) : 0,
        };
      }),
    };
  });
}

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await probe();
  }
  return last;
}

/** The user's sessions as the server has them (through the API, with a separate login). */
async function serverSessions(email: string, password: string): Promise<{ id: number; filename: string; lapsBytes: number; coordinatesBytes: number }[]> {
  const login = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(e2e.url('/api/sessions'), { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; filename: string; lapsBytes: number; coordinatesBytes: number }[];
}

describe('offline download, later upload', () => {
  it('sessions downloaded offline are analysed offline and uploaded exactly once when a new tab opens online', async () => {
    const creds = await e2e.signUpAndVerify();
    const { page, context, errors } = await e2e.newPage();
    await e2e.login(page, creds.email, creds.password);

    // The service worker must control the page before the network goes: until it does, the page's
    // requests bypass it and fail offline.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await until('a controlled page', () => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), Boolean, 30_000);
    // The login preloaded the reference data (the simulated ASTRO records on these circuits).
    await until('circuits in IndexedDB', () => readStore(page), (s) => s.circuits > 0, 30_000);

    // Trackside: no network. The reload is served from the precache; the user stays signed in.
    await context.setOffline(true);
    await page.goto(e2e.url('/astro'));
    await page.getByTestId('connect-simulated').click();
    await until('connected', async () => (await page.getByTestId('connection-state').textContent()) ?? '', (t) => /Connected/.test(t) && !/Not/.test(t));
    const rows = page.locator('[data-testid="astro-sessions"] tbody tr');
    await until('the device list', () => rows.count(), (n) => n >= 2, 30_000);
    // The two smallest sessions (what is checked here does not depend on their size).
    const picked = await smallestSessions(rows, 2);
    const filenames = await Promise.all(picked.map(async (i) => (await rows.nth(i).getAttribute('data-filename'))!));
    for (const i of picked) await rows.nth(i).locator('input[type="checkbox"]').check();
    await page.getByTestId('download-selected').click();

    const offline = await until(
      'both sessions stored and analysed offline',
      () => readStore(page),
      (s) => filenames.every((f) => s.sessions.some((x) => x.filename === f && x.analysedLaps !== null && x.analysedLaps > 0)),
      180_000,
    );
    for (const f of filenames) {
      const s = offline.sessions.find((x) => x.filename === f)!;
      expect(s.serverId).toBeNull();
      expect(s.textBytes).toBeGreaterThan(1000);
      expect(['Pending', 'Failed']).toContain(s.syncState);
    }
    expect(offline.outbox).toBe(2);
    expect(await serverSessions(creds.email, creds.password)).toEqual([]);
    await e2e.screenshot(page, 'offline-sync-downloaded-offline');
    expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);

    // Close the tab; later, at home, the network is back and the app is opened again.
    await page.close();
    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto(e2e.url('/astro'));

    const synced = await until(
      'both sessions uploaded',
      () => readStore(reopened),
      (s) => filenames.every((f) => s.sessions.some((x) => x.filename === f && x.syncState === 'Completed' && x.serverId !== null)) && s.outbox === 0,
      120_000,
    );
    for (const f of filenames) {
      const row = reopened.locator(`[data-testid="astro-sessions"] tbody tr[data-filename="${f}"]`);
      await row.getByText('In Cloud').waitFor({ timeout: 30_000 });
    }
    await e2e.screenshot(reopened, 'offline-sync-in-cloud');

    // Exactly once: one server session per file, and the local rows point at them.
    const onServer = await serverSessions(creds.email, creds.password);
    expect(onServer.map((s) => s.filename).sort()).toEqual([...filenames].sort());
    for (const f of filenames) {
      const local = synced.sessions.find((x) => x.filename === f)!;
      const remote = onServer.find((s) => s.filename === f)!;
      expect(local.serverId).toBe(remote.id);
      // The whole texts arrived (big ones travel column by column, gzipped, and are rebuilt by the server).
      expect(remote.lapsBytes + remote.coordinatesBytes).toBe(local.textBytes);
    }
    // Reopening once more does not upload anything again.
    await reopened.reload();
    await reopened.locator('[data-testid="astro-sessions"]').waitFor();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await serverSessions(creds.email, creds.password)).length).toBe(2);
  });
});

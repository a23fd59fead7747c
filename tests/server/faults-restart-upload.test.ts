import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { AstroDb } from '../../src/data/db/database';
import { createHttpClient } from '../../src/data/api/http-client';
import { createSessionsApi } from '../../src/data/api/sessions-api';
import { createSessionsRepository } from '../../src/data/repositories/sessions-repository';
import { createOutboxStore } from '../../src/data/sync/outbox-store';
import { SyncEngine } from '../../src/data/sync/sync-engine';
import { sessionsSyncTransport, systemClock } from '../../src/data/sync/sync-transport';
import type { SyncEvent } from '../../src/data/sync/sync-types';
import { serializePositions } from '../../src/domain/serialize-session';
import { syntheticSession } from '../helpers/synthetic-session';
import { lapsText } from '../helpers/session-fixtures';
import { startTcpProxy, type TcpProxy } from './faults-tcp-proxy';
import { seedPgliteDataDir } from '../helpers/pglite-template';

/**
 * Faults: the API server process is killed (SIGKILL) in the middle of a session upload. The client is
 * the app's real data layer - sessions repository, outbox and sync engine on IndexedDB (fake-indexeddb), the real
 * HTTP client - talking to a real server process (server/main.ts, PGlite in DATA_DIR) through a TCP proxy so its
 * address stays the same across restarts. The server is started again on the same DATA_DIR; the engine retries
 * by itself; in the end the session is on the server exactly once, byte for byte, and everything stored before
 * the crash (users, sessions, the login's signing secret) survived.
 */

const ROOT = join(import.meta.dirname, '..', '..');
let dataDir: string;
let child: ChildProcess | null = null;
let proxy: TcpProxy;
const adminEmail = 'admin@restart.test';
const adminPassword = `Adm1n-${randomBytes(6).toString('hex')}`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts server/main.ts as its own process on DATA_DIR and waits until it answers. */
async function startChild(): Promise<void> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_SCHEMA: '', SMTP_URL: '', ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child = proc;
  proxy.setTarget(port);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/countries`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function kill(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'astro-faults-restart-'));
  // The migrated, seeded template in place: the first start opens it instead of running initdb (the start on an
  // empty folder is covered by data-dir-lock.test.ts).
  await seedPgliteDataDir(dataDir);
  proxy = await startTcpProxy(1);
  await startChild();
}, 120_000);

afterAll(async () => {
  await kill('SIGKILL');
  await proxy?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('server killed mid-upload', () => {
  it('the sync engine retries after the crash and the restarted server on the same DATA_DIR ends with the session exactly once', { timeout: 300_000 }, async () => {
    const base = `http://127.0.0.1:${proxy.port}/api`;
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: adminPassword }) });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const me = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { id: number };

    // The app's data layer, pointed at the proxy.
    const http = createHttpClient({ baseUrl: base, tokenProvider: { getValidToken: async () => accessToken, refreshAfterUnauthorized: async () => null } });
    const api = createSessionsApi(http);
    const db = new AstroDb(`faults-${randomBytes(4).toString('hex')}`);
    const events: SyncEvent[] = [];
    const engine = new SyncEngine({
      store: createOutboxStore(() => db),
      transport: sessionsSyncTransport(api),
      clock: systemClock,
      network: { isOnline: () => true, onOnline: () => () => undefined },
      currentUserId: () => me.id,
      withLock: async (fn) => (await fn(false), true),
    });
    engine.subscribe((e) => events.push(e));
    const repo = createSessionsRepository({ db: () => db, api, currentUserId: () => me.id, analyse: null, onQueued: () => void engine.kick() });

    // A large, realistic session (200,000 fixes, ~8 MB of positions; ~1.4 MB as the client sends it, columns
    // gzipped) so that the crash lands mid-body. (A periodic fixture would compress below the 64 KB trigger.)
    const filename = '20260412_1030_Kartodromo de Braga';
    const laps = lapsText([65_432, 64_210, 63_999, 70_001]);
    const nmea = serializePositions(syntheticSession({ fixes: 200_000, seed: 7 }).positions);
    let killedAt = -1;
    const startBytes = proxy.upstreamBytes;
    proxy.onUpstreamBytes((total) => {
      if (killedAt < 0 && total - startBytes > 64 * 1024) {
        killedAt = total - startBytes;
        proxy.onUpstreamBytes(null);
        void kill('SIGKILL').then(() => startChild());
      }
    });
    await engine.start();
    await repo.saveDownloadedSession({ filename, laps, nmea });

    // The engine keeps retrying with backoff until the restarted server takes it.
    const deadline = Date.now() + 240_000;
    let local = await repo.getSessionByFilename(filename);
    while (local?.syncState !== 'Completed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      local = await repo.getSessionByFilename(filename);
    }
    engine.stop();
    expect(killedAt).toBeGreaterThan(0);
    // The crash cut the first request: it was retried, and the upload was reported exactly once.
    expect(proxy.upstreamBytes - startBytes).toBeGreaterThan(killedAt + 64 * 1024);
    expect(events.filter((e) => e.type === 'uploaded')).toHaveLength(1);
    expect(local?.syncState).toBe('Completed');
    expect(await db.outbox.count()).toBe(0);

    const list = (await api.list()).filter((s) => s.filename === filename);
    expect(list).toHaveLength(1);
    expect(list[0].id).toBe(local?.serverId);
    const stored = await api.get(list[0].id);
    expect(stored.coordinates).toBe(nmea);
    expect(stored.laps).toBe(laps);

    // A clean restart on the same DATA_DIR keeps everything, including the signing secret (the token still works).
    await kill('SIGTERM');
    await startChild();
    const again = (await api.list()).filter((s) => s.filename === filename);
    expect(again).toEqual(list);
    expect((await api.get(list[0].id)).coordinates).toBe(nmea);
    const relogin = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: adminEmail, password: adminPassword }) });
    expect(relogin.status).toBe(200);
    await db.delete();
  });
});

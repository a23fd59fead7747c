import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { sessionPayload } from '../helpers/session-fixtures';
import { startTcpProxy, type TcpProxy } from './faults-tcp-proxy';

/**
 * Faults: PostgreSQL going away while the API runs. The API reaches PostgreSQL through a TCP proxy this
 * test controls (its own schema in the shared test database); 'down' closes the proxy, which cuts every pooled
 * connection and refuses new ones - the real PostgreSQL keeps running for everyone else. While down, every call
 * that needs the database answers a clear 503; once the proxy is back the same process serves again, no restart.
 */

const PG_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const pgUrl = new URL(PG_URL);

const reachable = await new Promise<boolean>((resolve) => {
  const s = net.connect({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  s.setTimeout(1500);
  s.on('connect', () => (s.destroy(), resolve(true)));
  s.on('error', () => resolve(false));
  s.on('timeout', () => (s.destroy(), resolve(false)));
});

let proxy: TcpProxy;
let app: FastifyInstance;
let dataDir: string;
let auth: Record<string, string>;
const adminPassword = `Adm1n-${randomBytes(6).toString('hex')}`;

describe.runIf(reachable)('PostgreSQL down', () => {
  beforeAll(async () => {
    proxy = await startTcpProxy(Number(pgUrl.port || 5432), pgUrl.hostname);
    const viaProxy = new URL(PG_URL);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    dataDir = mkdtempSync(join(tmpdir(), 'astro-faults-pg-'));
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: viaProxy.toString(),
        DATABASE_SCHEMA: `faults_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'admin@faults.test',
        ADMIN_PASSWORD: adminPassword,
      },
      { dropSchemaOnClose: true, rateLimits: { authPerIp: 10_000, authPerEmail: 10_000, windowMs: 60_000 } },
    );
    app = await buildApp(config, { print: () => undefined });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@faults.test', password: adminPassword } });
    expect(login.statusCode).toBe(200);
    auth = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
  }, 120_000);

  afterAll(async () => {
    await proxy?.up();
    await app?.close();
    await proxy?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const calls = (n = 5) =>
    [
      () => app.inject({ method: 'GET', url: '/api/countries' }),
      () => app.inject({ method: 'GET', url: '/api/sessions', headers: auth }),
      () => app.inject({ method: 'POST', url: '/api/sessions/datatable', headers: auth, payload: { page: 0, pageSize: 10 } }),
      () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@faults.test', password: adminPassword } }),
      () => app.inject({ method: 'POST', url: '/api/sessions', headers: auth, payload: sessionPayload({ filename: 'while-down' }) }),
    ]
      .slice(0, n)
      .map((call) => call());

  it('answers every database call with a clear 503 while PostgreSQL is unreachable, and serves again once it is back without a restart', { timeout: 120_000 }, async () => {
    const before = await Promise.all(calls(4));
    expect(before.map((r) => r.statusCode), before.map((r) => r.body.slice(0, 200)).join('\n')).toEqual([200, 200, 200, 200]);

    await proxy.down();
    const during = await Promise.all(calls());
    for (const r of during) {
      expect(r.statusCode, r.body).toBe(503);
      expect(r.json()).toEqual({ message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE', messageId: 'serviceUnavailable' });
    }
    // Calls that need no database still work (the process is alive).
    expect((await app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);

    await proxy.up();
    // The pool reconnects on demand: the very next calls succeed.
    const first = await app.inject({ method: 'GET', url: '/api/sessions', headers: auth });
    expect(first.statusCode).toBe(200);
    // The write refused while down was not applied.
    expect((first.json() as Array<{ filename: string }>).filter((s) => s.filename === 'while-down')).toEqual([]);
    const after = (await Promise.all(calls())).map((r) => r.statusCode);
    expect(after).toEqual([200, 200, 200, 200, 201]);
    // The write refused while down was not half-applied: exactly the one made after recovery exists.
    const list = (await app.inject({ method: 'GET', url: '/api/sessions', headers: auth })).json() as Array<{ filename: string }>;
    expect(list.filter((s) => s.filename === 'while-down')).toHaveLength(1);
  });

  it('a connection cut in the middle of a transaction is a 503 and leaves nothing behind', { timeout: 120_000 }, async () => {
    const payload = sessionPayload({ filename: 'cut-mid-transaction' });
    // Cut as soon as the API starts sending the session's rows to PostgreSQL.
    const startBytes = proxy.upstreamBytes;
    proxy.onUpstreamBytes((total) => {
      if (total - startBytes > 4096) {
        proxy.onUpstreamBytes(null);
        void proxy.down();
      }
    });
    const cut = await app.inject({ method: 'POST', url: '/api/sessions', headers: auth, payload });
    proxy.onUpstreamBytes(null);
    expect(cut.statusCode).toBe(503);
    await proxy.up();
    let list: Array<{ filename: string }> = [];
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/sessions', headers: auth });
      if (res.statusCode === 200) {
        list = res.json();
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(list.filter((s) => s.filename === 'cut-mid-transaction')).toHaveLength(0);
    // The client's retry then stores it exactly once.
    expect((await app.inject({ method: 'POST', url: '/api/sessions', headers: auth, payload })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/sessions', headers: auth, payload })).statusCode).toBe(200);
  });
});

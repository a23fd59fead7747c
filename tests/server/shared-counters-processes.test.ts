import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { killServer, spawnServer, waitUntilUp, type ServerProcess } from '../helpers/server-process';
import { DEFAULT_LOGIN_LIMITS } from '../../server/auth/login-limiter';

/**
 * Two API processes on one PostgreSQL (the PostgreSQL pass only: the embedded database runs one process) meet one
 * limit between them: a guesser who spreads over both does not get twice the tries.
 */
const url = process.env.DATABASE_URL;
const schema = `test_procs_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const adminEmail = 'admin@procs.test';
const adminPassword = `procs-${randomBytes(6).toString('hex')}`;
const servers: ServerProcess[] = [];
const dirs: string[] = [];

describe.skipIf(!url)('rate limits across two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const env = { DATABASE_URL: url!, DATABASE_SCHEMA: schema, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword };
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'astro-procs-'));
      dirs.push(dataDir);
      servers.push(await spawnServer({ ...env, DATA_DIR: dataDir }));
    }
    await Promise.all(servers.map((s) => waitUntilUp(s)));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }, 60_000);

  const post = (s: ServerProcess, path: string, body: object) =>
    fetch(`${s.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);

  it('wrong passwords sent to both count against one per-client limit', { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perClient; i++) statuses.push(await post(servers[i % 2], '/auth/login', { email: adminEmail, password: `guess-${i}` }));
    expect(statuses).toEqual(Array.from({ length: DEFAULT_LOGIN_LIMITS.perClient }, () => 401));
    // Each process has seen only half of them, and both refuse the next.
    expect(await post(servers[0], '/auth/login', { email: adminEmail, password: adminPassword })).toBe(429);
    expect(await post(servers[1], '/auth/login', { email: adminEmail, password: adminPassword })).toBe(429);
  });

  it('requests to both count against one per-IP limit', { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    // 30 requests per IP per 15 minutes on each mail-sending route.
    for (let i = 0; i < 30; i++) statuses.push(await post(servers[i % 2], '/auth/reset-password', { email: `someone${i}@procs.test` }));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await post(servers[0], '/auth/reset-password', { email: 'late@procs.test' })).toBe(429);
    expect(await post(servers[1], '/auth/reset-password', { email: 'late@procs.test' })).toBe(429);
  });
});

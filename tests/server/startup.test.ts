import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { migrate, readMigrations } from '../../server/db/migrate';
import { seedReferenceData } from '../../server/db/seed';
import { ensureFirstAdmin } from '../../server/users/first-admin';
import { circuits } from '../../server/db/seed-data/circuits';
import { countries } from '../../server/db/seed-data/countries';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { openTemplatePglite } from '../helpers/pglite-template';

/** Start-up: migrations, seed, first admin, static serving with SPA fallback and cache headers. */
/** A script as the build writes it, with the .br and .gz copies it writes beside it (vite.config.ts). */
const CHUNK = Buffer.from(Array.from({ length: 2_000 }, (_, i) => `export const v${i} = ${(i * 7919) % 1000};`).join('\n'));
let h: Harness;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'astro-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ASTRO</title><div id="root"></div>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'chunk-def456.js'), CHUNK);
  writeFileSync(join(dist, 'assets', 'chunk-def456.js.br'), brotliCompressSync(CHUNK, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(dist, 'assets', 'chunk-def456.js.gz'), gzipSync(CHUNK, { level: 9 }));
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  h = await createHarness({ build: { staticDir: dist } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
}, HOOK_TIMEOUT_MS);

describe('database start-up', () => {
  it('applies every migration once and a second run applies none', async () => {
    const ids = (await h.app.db.query<{ id: string }>('select id from schema_migrations order by id')).map((r) => r.id);
    expect(ids).toEqual(readMigrations().map((m) => m.id));
    expect(await migrate(h.app.db)).toEqual([]);
  });

  it('applies migrations exactly once when several processes start together', async () => {
    const pending = [{ id: '999_concurrency_probe', sql: 'create table concurrency_probe (id int)' }];
    const results = await Promise.all([migrate(h.app.db, pending), migrate(h.app.db, pending), migrate(h.app.db, pending)]);
    expect(results.flat()).toEqual(['999_concurrency_probe']);
    await h.app.db.exec("drop table concurrency_probe; delete from schema_migrations where id = '999_concurrency_probe'");
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('makes a new WAL segment on the embedded database without writing zeros through it', async () => {
    // Zero-filling a 16 MB segment held the database thread 70-100 ms in the middle of an upload.
    const db = await openTemplatePglite();
    try {
      expect(await db.query('show wal_init_zero')).toEqual([{ wal_init_zero: 'off' }]);
    } finally {
      await db.close();
    }
  });

  it('rolls back a failing migration completely', async () => {
    const bad = [{ id: '998_broken', sql: 'create table half_done (id int); select * from no_such_table;' }];
    await expect(migrate(h.app.db, bad)).rejects.toThrow();
    expect(await h.app.db.query("select 1 from schema_migrations where id = '998_broken'")).toEqual([]);
    expect(await h.app.db.query("select 1 from information_schema.tables where table_name = 'half_done'")).toEqual([]);
  });

  it('seeds countries with timezones and at least 20 circuits with gates, idempotently', async () => {
    const count = async (t: string) => (await h.app.db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n;
    const before = { countries: await count('countries'), circuits: await count('circuits'), categories: await count('vehicle_categories') };
    expect(before.countries).toBe(countries.length);
    expect(before.circuits).toBe(circuits.length);
    expect(before.circuits).toBeGreaterThanOrEqual(20);
    await seedReferenceData(h.app.db);
    expect({ countries: await count('countries'), circuits: await count('circuits'), categories: await count('vehicle_categories') }).toEqual(before);
    const list = (await h.inject({ method: 'GET', url: '/api/circuits' })).json() as Array<{ coordinates: string; country: { timezone: string }; type: { name: string } }>;
    expect(list.length).toBe(circuits.length);
    expect(list.every((c) => c.coordinates.split(';').length >= 2 && c.country.timezone.includes('/') && c.type.name)).toBe(true);
  });

  it('does not bring back a seeded row an admin deleted', async () => {
    // A seeded country no seeded circuit uses, so the delete is not refused for a circuit that still needs it.
    const [free] = await h.app.db.query<{ id: number; name: string }>(
      'select id, name from countries c where not exists (select 1 from circuits where country_id = c.id) order by id limit 1',
    );
    expect(free).toBeDefined();
    const del = await h.inject({ method: 'DELETE', url: `/api/admin/countries/${free.id}`, headers: h.admin.headers });
    expect(del.statusCode).toBe(204);
    await seedReferenceData(h.app.db);
    expect(await h.app.db.query('select 1 from countries where name = $1', [free.name])).toEqual([]);
  });

  it('creates the first admin once, printing a generated password only when none was given', { timeout: HOOK_TIMEOUT_MS }, async () => {
    const lines: string[] = [];
    // An admin exists already: nothing happens.
    expect(await ensureFirstAdmin(h.app.db, { adminEmail: 'new@example.test', adminPassword: undefined }, (l) => lines.push(l))).toBeNull();
    expect(lines).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), 'astro-first-admin-'));
    const printed: string[] = [];
    const schema = process.env.DATABASE_URL ? `test_fa_${randomBytes(4).toString('hex')}` : '';
    const config = loadConfig(
      { DATA_DIR: dir, DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'boss@example.test' },
      { dropSchemaOnClose: Boolean(schema) },
    );
    // On PGlite a fresh in-memory copy of the migrated, seeded template (no admin in it yet), not an initdb in DATA_DIR.
    const db = process.env.DATABASE_URL ? undefined : await openTemplatePglite();
    const app = await buildApp(config, { print: (l) => printed.push(l), ...(db ? { db, closeDb: true } : {}) });
    try {
      expect(printed).toHaveLength(1);
      const password = /generated password (\S+)/.exec(printed[0])?.[1];
      expect(password).toBeTruthy();
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@example.test', password } });
      expect(login.statusCode).toBe(200);
      expect(JSON.parse(Buffer.from(login.json().accessToken.split('.')[1], 'base64url').toString()).role).toBe('admin');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('serving the built app', () => {
  it('serves index.html for client routes (SPA fallback) with no-cache', async () => {
    for (const url of ['/', '/sessions/library', '/verify?token=abc', '/admin']) {
      const res = await h.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves sw.js no-cache and hashed assets immutable', async () => {
    const sw = await h.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await h.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's brotli and gzip copies of a hashed asset as they are, and the file itself to a client that takes neither", async () => {
    const br = await h.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(join(dist, 'assets', 'chunk-def456.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).equals(CHUNK)).toBe(true);
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await h.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(join(dist, 'assets', 'chunk-def456.js.gz')))).toBe(true);
    const plain = await h.inject({ method: 'GET', url: '/assets/chunk-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(CHUNK)).toBe(true);
  });

  it('keeps JSON 404s for unknown /api paths and unknown methods', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found', code: 'NOT_FOUND', messageId: 'notFound' });
    expect((await h.inject({ method: 'POST', url: '/sessions/library' })).statusCode).toBe(404);
  });

  it('compresses large JSON responses when asked', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/circuits', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { buildApp, type BuildOptions } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { insertUser } from '../../server/users/user-store';
import type { Role } from '../../src/contracts/auth';
import { afterAll, beforeAll } from 'vitest';
import { openTemplatePglite, seedPgliteDataDir } from './pglite-template';

/**
 * One API instance for a test file: a temp DATA_DIR (mail files, secrets), PGlite in memory started from the
 * migrated, seeded template - or, when DATABASE_URL is set, a fresh schema in that PostgreSQL database (dropped on
 * close) - plus signed-in users of each role.
 */
export interface Actor {
  id: number;
  email: string;
  password: string;
  firstName: string;
  role: Role;
  accessToken: string;
  /** The refresh cookie from login (`astro_refresh=...`). */
  refreshCookie: string;
  headers: Record<string, string>;
}

export interface Harness {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** The first admin created by the server itself. */
  admin: Actor;
  racer: Actor;
  /** A second racer, to check that racers cannot see each other's rows. */
  other: Actor;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a verified, active user directly in the database and logs in. */
  createUser(opts?: { role?: Role; firstName?: string; verified?: boolean; active?: boolean; login?: boolean }): Promise<Actor>;
  login(email: string, password: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  build?: BuildOptions;
  /**
   * PGlite in DATA_DIR as in production (a folder, in the server's database thread) instead of the in-memory
   * template; the folder starts as a copy of the template's (migrated, seeded) rather than from an initdb.
   */
  pgliteOnDisk?: boolean;
}

const usesPostgres = () => Boolean(process.env.DATABASE_URL);

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'astro-server-test-'));
  const schema = usesPostgres() ? `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}` : undefined;
  const adminPassword = 'admin-' + randomBytes(8).toString('hex');
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATABASE_SCHEMA: schema ?? '',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: adminPassword,
      APP_URL: 'http://app.example.test',
      ...opts.env,
    },
    {
      dropSchemaOnClose: Boolean(schema),
      // High enough that signing in test users never trips them; rate-limit tests pass their own.
      rateLimits: { authPerIp: 10_000, authPerEmail: 10_000, windowMs: 60_000 },
      ...opts.config,
    },
  );
  // On PGlite, start from the migrated, seeded template (in memory, or copied into DATA_DIR) rather than an initdb.
  if (opts.pgliteOnDisk && !usesPostgres()) await seedPgliteDataDir(dataDir);
  const db = usesPostgres() || opts.build?.db || opts.pgliteOnDisk ? undefined : await openTemplatePglite();
  const app = await buildApp(config, { print: () => undefined, ...(db ? { db, closeDb: true } : {}), ...opts.build });
  const inject = (o: InjectOptions) => app.inject(o);
  const login = (email: string, password: string) => inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  const actorFrom = async (id: number, email: string, password: string, firstName: string, role: Role, doLogin: boolean): Promise<Actor> => {
    if (!doLogin) return { id, email, password, firstName, role, accessToken: '', refreshCookie: '', headers: {} };
    const res = await login(email, password);
    if (res.statusCode !== 200) throw new Error(`harness login of ${email} failed: ${res.statusCode} ${res.body}`);
    const accessToken = (res.json() as { accessToken: string }).accessToken;
    const cookie = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('astro_refresh=')) ?? '';
    return { id, email, password, firstName, role, accessToken, refreshCookie: cookie.split(';')[0], headers: { authorization: `Bearer ${accessToken}` } };
  };

  let n = 0;
  const createUser: Harness['createUser'] = async (o = {}) => {
    n += 1;
    const email = `user${n}-${randomBytes(3).toString('hex')}@example.test`;
    const password = 'password-' + randomBytes(6).toString('hex');
    const firstName = o.firstName ?? `Racer${n}`;
    const role = o.role ?? 'user';
    const user = await insertUser(app.db, {
      email,
      firstName,
      lastName: 'Test',
      passwordHash: await hashPassword(password),
      role,
      active: o.active ?? true,
      verified: o.verified ?? true,
    });
    return actorFrom(user.id, email, password, firstName, role, o.login ?? ((o.verified ?? true) && (o.active ?? true)));
  };

  const [adminRow] = await app.db.query<{ id: number }>('select id from users where email = $1', ['admin@example.test']);
  const admin = await actorFrom(adminRow.id, 'admin@example.test', adminPassword, 'Admin', 'admin', true);
  const racer = await createUser({ firstName: 'Rita' });
  const other = await createUser({ firstName: 'Otto' });

  return {
    app,
    config,
    dataDir,
    admin,
    racer,
    other,
    inject,
    createUser,
    login,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Hook timeout for harness set-up and tear-down: PGlite start, migrations, seed and argon2 logins take 3-5 s on an
 * idle machine but far longer when the 2 cores are shared with other test runs.
 */
export const HOOK_TIMEOUT_MS = 240_000;

/**
 * A harness for the current file or describe block: started before its tests, closed after them. The returned
 * function gives it inside a test.
 */
export function harnessForTests(opts: HarnessOptions = {}): () => Harness {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await createHarness(opts);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);
  return () => {
    if (!h) throw new Error('The harness is not started: call it inside a test.');
    return h;
  };
}

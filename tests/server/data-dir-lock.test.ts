import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../../server/db/data-dir-lock';
import { openDb } from '../../server/db/open-db';
import { DatabaseFolderError } from '../../server/db/pglite-db';
import { backupPglite, restorePglite } from '../../server/db/backup-cli';
import { seedPgliteDataDir } from '../helpers/pglite-template';

/**
 * One embedded database folder, one server: a second server process on the same DATA_DIR exits at once with a
 * message and writes nothing; a lock left by a killed server is taken over; a damaged folder is reported by name
 * with the way out; backups made and restored through PGlite's own archive come back whole.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(join(tmpdir(), `astro-lock-${label}-`));
  dirs.push(d);
  return d;
};

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

interface Child {
  proc: ChildProcess;
  port: number;
  stderr: () => string;
  exited: Promise<number | null>;
}

function spawnServer(dataDir: string, port: number): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_SCHEMA: '', SMTP_URL: '', ADMIN_EMAIL: 'admin@astro.local', ADMIN_PASSWORD: 'lock-test-password', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(proc);
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, port, stderr: () => stderr, exited };
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/countries`)).ok;
  } catch {
    return false;
  }
}

async function waitUntilUp(c: Child): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (!(await answers(c.port))) {
    if (c.proc.exitCode !== null) throw new Error(`server exited with ${c.proc.exitCode}: ${c.stderr()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${c.stderr()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every file under `dir` with its size, modification time and content hash. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const st = statSync(join(dir, rel));
    out[rel] = st.isFile() ? `${st.size} ${st.mtimeMs} ${createHash('sha256').update(readFileSync(join(dir, rel))).digest('hex')}` : 'dir';
  }
  return out;
}

const lockOwnerPid = (dataDir: string) => (JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

describe('two server processes on one DATA_DIR', () => {
  let dataDir: string;
  let first: Child;
  beforeAll(async () => {
    dataDir = tempDir('procs');
    first = spawnServer(dataDir, await freePort());
    await waitUntilUp(first);
  }, 180_000);

  it('the second exits at once with a message naming the folder and the holder, and changes nothing in it', { timeout: 120_000 }, async () => {
    expect(lockOwnerPid(dataDir)).toBe(first.proc.pid);
    const before = snapshot(dataDir);
    // Its own free port, so nothing but the lock can stop it.
    const second = spawnServer(dataDir, await freePort());
    const code = await Promise.race([second.exited, waitUntilUp(second).then(() => 'started' as const)]);
    expect(code).toBe(75);
    expect(await answers(second.port)).toBe(false);
    expect(second.stderr()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.proc.pid}`);
    expect(second.stderr()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(snapshot(dataDir)).toEqual(before);
    expect(await answers(first.port)).toBe(true);
  });

  it('after the first is killed (kill -9) its lock is taken over by the next start, which serves the same data', { timeout: 200_000 }, async () => {
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(lockOwnerPid(dataDir)).toBe(first.proc.pid);
    const next = spawnServer(dataDir, await freePort());
    await waitUntilUp(next);
    expect(lockOwnerPid(dataDir)).toBe(next.proc.pid);
    const login = await fetch(`http://127.0.0.1:${next.port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@astro.local', password: 'lock-test-password' }),
    });
    expect(login.status).toBe(200);
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    // A clean stop leaves no lock behind.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

describe('the DATA_DIR lock', () => {
  const deadPid = () => {
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    return Number(r.stdout);
  };
  const writeLock = (dir: string, owner: object) => writeFileSync(join(dir, LOCK_FILE), JSON.stringify(owner));

  it('refuses while a live process holds it, in this process too', () => {
    const dir = tempDir('live');
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock whose pid is dead, and one whose pid now names a newer process (the holder's pid reused)", () => {
    const dir = tempDir('stale');
    writeLock(dir, { pid: deadPid(), startTicks: null, host: hostname(), since: '2026-01-01T00:00:00Z' });
    const lock = acquireDataDirLock(dir);
    expect(lockOwnerPid(dir)).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    // The parent process is alive, but it started at another time than the one recorded.
    writeLock(dir, { pid: process.ppid, startTicks: 1, host: hostname(), since: '2026-01-01T00:00:00Z' });
    acquireDataDirLock(dir).release();
  });

  it('keeps a live process\'s lock and one from another host, whose pid cannot be checked here', () => {
    const dir = tempDir('other');
    writeLock(dir, { pid: process.ppid, startTicks: null, host: hostname(), since: 'x' });
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
    writeLock(dir, { pid: deadPid(), startTicks: null, host: `not-${hostname()}`, since: 'x' });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});

describe('a damaged database folder, backup and restore', () => {
  it('reports which folder cannot be opened and how to recover, instead of an abort', { timeout: 120_000 }, async () => {
    const dataDir = tempDir('damaged');
    await seedPgliteDataDir(dataDir);
    const db = await openDb({ dataDir, databaseUrl: undefined, databaseSchema: undefined, dropSchemaOnClose: false });
    await db.exec('create table t (x int)');
    await db.close();
    // pg_control is the first file PostgreSQL reads; garbage there is what a torn write by two servers leaves.
    writeFileSync(join(dataDir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    const err = await openDb({ dataDir, databaseUrl: undefined, databaseSchema: undefined, dropSchemaOnClose: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatabaseFolderError);
    expect((err as Error).message).toContain(join(dataDir, 'pglite'));
    expect((err as Error).message).toContain('npm run db:restore');
    // The failed open gave the lock back.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('a backup restores the data as it was, keeps the replaced folder, and both refuse while a server holds the folder', { timeout: 180_000 }, async () => {
    const dataDir = tempDir('backup');
    const archive = join(tempDir('archive'), 'astro.tar.gz');
    const cfg = { dataDir, databaseUrl: undefined, databaseSchema: undefined, dropSchemaOnClose: false };
    await seedPgliteDataDir(dataDir);
    let db = await openDb(cfg);
    await db.exec("create table kept (email text); insert into kept values ('kept@example.test')");
    await expect(backupPglite(dataDir, archive)).rejects.toThrow(DataDirLockedError);
    await db.close();

    await backupPglite(dataDir, archive);
    db = await openDb(cfg);
    await db.exec("delete from kept; insert into kept values ('after-backup@example.test')");
    await expect(restorePglite(dataDir, archive)).rejects.toThrow(DataDirLockedError);
    await db.close();

    const aside = await restorePglite(dataDir, archive);
    expect(aside && existsSync(aside)).toBe(true);
    db = await openDb(cfg);
    expect(await db.query('select email from kept')).toEqual([{ email: 'kept@example.test' }]);
    await db.close();
  });
});

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { tsxWorkerArgv } from '../worker-loader';
import type { Db, Queryable } from './db';

/**
 * PostgreSQL settings for the embedded database, sized for one API process rather than PostgreSQL's server
 * defaults. The WASM memory only ever grows, and every page PostgreSQL touches stays resident: with the default
 * shared_buffers (128MB) an idle server held ~210 MB of WASM memory; with these ~100 MB less. A 7 h session's text
 * (25 MB) is stored and read in pieces of a few kB, which a small buffer pool serves as well.
 */
const MEMORY_SETTINGS = ['shared_buffers=8MB', 'wal_buffers=1MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'];
/**
 * A new 16 MB WAL segment file is made by writing its last byte, not by writing zeros through all of it (the file
 * reads as zeros either way). Zero-filling one took the database thread 70-100 ms, about once per 16 MB of stored
 * positions, in the middle of an upload's part: every request queued behind that part waited as long.
 */
const WAL_SETTINGS = ['wal_init_zero=off'];

/** PostgreSQL's type id of bytea. */
const BYTEA = 17;
/**
 * bytea to and from PostgreSQL's hex text (`\x0a1b...`) by Buffer's native hex codec. PGlite's own codec builds and
 * reads that text one byte at a time in JS: a 7 h session's 7.6 MB of packed position parts took 2.1 s to write
 * that way, 0.5-0.7 s with this one (they are written as base64 now, faster still, and read back through this one in
 * 80-100 ms).
 */
const BYTEA_CODECS = {
  serializers: { [BYTEA]: (v: Uint8Array) => `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}` },
  parsers: {
    [BYTEA]: (text: string) => {
      const b = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    },
  },
};

/**
 * Embedded PostgreSQL (WASM) stored in `dir`; `undefined` keeps it in memory. `loadDataDir` starts from a data
 * directory dumped by `PGlite.dumpDataDir` (tests start from a migrated, seeded template instead of an initdb).
 */
export async function openPgliteDb(dir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  // Loaded here, not at the top: a server on PostgreSQL never loads PGlite (~40 MB of code it would not use).
  const { PGlite } = await import('@electric-sql/pglite');
  let pg: PGlite;
  try {
    if (dir && !options.loadDataDir && !existsSync(join(dir, 'PG_VERSION'))) await initdbApart(dir);
    pg = await PGlite.create({
      dataDir: dir,
      loadDataDir: options.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...[...MEMORY_SETTINGS, ...WAL_SETTINGS].flatMap((setting) => ['-c', setting])],
      ...BYTEA_CODECS,
    });
  } catch (err) {
    // PGlite reports a damaged folder as 'Aborted()' or 'failed to initialize': name the folder and the way out.
    if (dir) throw new DatabaseFolderError(dir, err);
    throw err;
  }
  return wrapPglite(pg);
}

/** The messages to and from the database thread (pglite-thread.ts). */
export interface ThreadRequest {
  id: number;
  op: 'query' | 'exec' | 'close';
  sql?: string;
  params?: unknown[];
}

export type ThreadReply = { id: number; rows?: unknown[]; error?: Record<string, unknown> };

/**
 * The embedded database stored in `dir`, run in a worker thread of its own (pglite-thread.ts): PGlite works
 * synchronously on the thread that calls it, and a big statement (storing a 40 MiB session: ~1 s of WASM) would
 * hold the event loop and every other request that long. Statements go one at a time, as on one connection; a
 * transaction is BEGIN, its statements and COMMIT or ROLLBACK sent in order while the queue holds everything else.
 * The server uses this; tests and the backup command open PGlite in-process (openPgliteDb).
 */
export async function openPgliteDbInThread(dir: string): Promise<Db> {
  const worker = new Worker(new URL('./pglite-thread.cjs', import.meta.url), { execArgv: tsxWorkerArgv(), workerData: { dir } });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  const asError = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message)), fields);
  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  opened.catch(() => undefined);
  worker.on('message', (m: ThreadReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(asError(m.error));
    else p.resolve(m.rows ?? []);
  });
  const fail = (e: Error) => {
    stopped = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(stopped ?? new Error(`The database thread stopped (exit code ${code}).`)));
  try {
    await opened;
  } catch (err) {
    await worker.terminate();
    throw (err as { folder?: boolean }).folder ? new DatabaseFolderError(dir, err) : err;
  }
  const send = (op: ThreadRequest['op'], sql?: string, params?: unknown[]): Promise<unknown[]> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params } satisfies ThreadRequest);
    });
  };
  const direct: Queryable = {
    query: async <T>(sql: string, params: unknown[] = []) => (await send('query', sql, params)) as T[],
    exec: async (sql: string) => {
      await send('exec', sql);
    },
  };
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => direct.query(sql, params)),
    exec: (sql) => serial(() => direct.exec(sql)),
    tx: (fn) =>
      serial(async () => {
        await direct.exec('begin');
        try {
          const result = await fn(direct);
          await direct.exec('commit');
          return result;
        } catch (err) {
          await direct.exec('rollback').catch(() => undefined);
          throw err;
        }
      }),
    close: () =>
      serial(async () => {
        if (!stopped) await send('close');
        stopped ??= new Error('The database is closed.');
        await worker.terminate();
      }),
  };
}

/**
 * Creates a new database folder (PostgreSQL's initdb) in a short-lived process of its own. initdb runs a second
 * WASM instance and unpacks the initial data in memory: done in the server, it left ~450 MB of memory behind
 * (freed, but kept by the allocator), so a first start idled at 840 MB against 260 MB for every later start.
 */
async function initdbApart(dir: string): Promise<void> {
  const url = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(url)}); const pg = await PGlite.create({ dataDir: process.argv[1] }); await pg.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir], { maxBuffer: 16 * 1024 * 1024 });
}

export class DatabaseFolderError extends Error {
  readonly code = 'DATABASE_FOLDER_UNREADABLE' as const;
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(
      `The embedded database in ${dir} cannot be opened (PGlite: ${cause instanceof Error ? cause.message : String(cause)}).\n` +
        `The folder is probably damaged: two servers used the same DATA_DIR at once, or a server was killed or ran ` +
        `out of disk space while writing.\n` +
        `To recover: stop every server using this DATA_DIR and restore your last backup with ` +
        `'npm run db:restore -- <backup file>', which keeps this folder aside (see 'Backing up the embedded ` +
        `database' in README.md). Without a backup, move ${dir} aside yourself (keep it): the next start creates a ` +
        `new, empty database.`,
      { cause },
    );
    this.name = 'DatabaseFolderError';
  }
}

/**
 * The Db interface over an open PGlite (closing the Db closes it).
 * @internal Exported for its tests.
 */
export function wrapPglite(pg: PGlite): Db {
  // PGlite runs one statement at a time; the queue keeps a transaction's statements together.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });
  const direct = wrap(pg);
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => direct.query(sql, params)),
    exec: (sql) => serial(() => direct.exec(sql)),
    tx: (fn) => serial(() => pg.transaction((t) => fn(wrap(t)))),
    close: () => serial(() => pg.close()),
  };
}

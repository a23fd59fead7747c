import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/**
 * Embedded PostgreSQL (WASM) stored in `dir`; `undefined` keeps it in memory. `loadDataDir` starts from a data
 * directory dumped by `PGlite.dumpDataDir` (tests start from a migrated, seeded template instead of an initdb).
 */
export async function openPgliteDb(dir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir: dir, loadDataDir: options.loadDataDir });
  } catch (err) {
    // PGlite reports a damaged folder as 'Aborted()' or 'failed to initialize': name the folder and the way out.
    if (dir) throw new DatabaseFolderError(dir, err);
    throw err;
  }
  return wrapPglite(pg);
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

/** The Db interface over an open PGlite (closing the Db closes it). */
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

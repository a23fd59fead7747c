import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/**
 * Embedded PostgreSQL (WASM) stored in `dir`; `undefined` keeps it in memory. `loadDataDir` starts from a data
 * directory dumped by `PGlite.dumpDataDir` (tests start from a migrated, seeded template instead of an initdb).
 */
export async function openPgliteDb(dir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  return wrapPglite(await PGlite.create({ dataDir: dir, loadDataDir: options.loadDataDir }));
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

import pg from 'pg';
import type { Db, Queryable } from './db';

// Dates and timestamps arrive as JS Dates (default); 64-bit integers stay strings unless cast in SQL.

/**
 * PostgreSQL through a pg Pool. With `schema`, every connection uses it as search_path (created when missing):
 * tests give each app its own schema in one database and drop it on close.
 */
export async function openPostgresDb(url: string, opts: { schema?: string; dropSchemaOnClose?: boolean } = {}): Promise<Db> {
  const { schema } = opts;
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // PostgreSQL unreachable: fail the request (503) instead of waiting for ever.
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[],
    exec: async (sql: string) => {
      await c.query(sql);
    },
  });
  const direct = wrap(pool);
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async tx(fn) {
      const client = await pool.connect();
      // A checked-out client whose connection breaks emits 'error'; unheard, that would crash the process.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((e: Error) => {
          broken ??= e;
        });
        throw err;
      } finally {
        client.off('error', onError);
        // A broken connection is destroyed, not returned to the pool.
        client.release(broken);
      }
    },
    async close() {
      if (schema && opts.dropSchemaOnClose) await pool.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
      await pool.end();
    },
  };
}

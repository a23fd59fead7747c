import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { acquireDataDirLock } from './data-dir-lock';
import { openPgliteDbInThread } from './pglite-db';
import { openPostgresDb } from './postgres-db';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite (in a worker thread of its own). PGlite's folder is locked for this process
 * first (a second server would corrupt it); the lock is released when the database closes.
 */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dropSchemaOnClose' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgresDb(config.databaseUrl, { schema: config.databaseSchema, dropSchemaOnClose: config.dropSchemaOnClose });
  }
  const lock = acquireDataDirLock(config.dataDir);
  let db: Db;
  try {
    db = await openPgliteDbInThread(join(config.dataDir, 'pglite'));
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    ...db,
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}

import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dropSchemaOnClose' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgresDb(config.databaseUrl, { schema: config.databaseSchema, dropSchemaOnClose: config.dropSchemaOnClose });
  }
  return openPgliteDb(join(config.dataDir, 'pglite'));
}

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const defaultDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Key of the advisory lock that serialises migrations across API processes sharing one database. */
const MIGRATION_LOCK_KEY = 4_257_0699;

export interface Migration {
  id: string;
  sql: string;
}

/**
 * `NNN_name.sql` files in numeric order. Anything else in the folder is an error, not silently skipped.
 * @internal Exported for its tests.
 */
export function readMigrations(dir = defaultDir): Migration[] {
  const files = readdirSync(dir).filter((f) => !f.startsWith('.')).sort();
  return files.map((f) => {
    if (!/^\d{3}_[a-z0-9_]+\.sql$/.test(f)) throw new Error(`Unexpected file in migrations: ${f}`);
    return { id: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') };
  });
}

/**
 * Applies pending migrations in order, each in its own transaction holding a transaction-level advisory lock,
 * so several processes starting together apply each migration exactly once. Returns the ids applied now.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.exec('create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())');
  });
  for (const m of migrations) {
    await db.tx(async (q) => {
      await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await q.query('select 1 from schema_migrations where id = $1', [m.id]);
      if (done.length) return;
      await q.exec(m.sql);
      await q.query('insert into schema_migrations (id) values ($1)', [m.id]);
      applied.push(m.id);
    });
  }
  return applied;
}

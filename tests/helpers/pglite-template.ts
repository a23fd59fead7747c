import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../server/db/db';
import { openPgliteDb, wrapPglite } from '../../server/db/pglite-db';
import { migrate } from '../../server/db/migrate';
import { seedReferenceData } from '../../server/db/seed';

/**
 * A migrated, seeded PGlite data directory, dumped once and loaded by every server test that runs on PGlite.
 * Starting PGlite from scratch runs initdb (2-4 s per test file on this machine); loading the dump takes well under
 * a second, and migrate + seed then find nothing to do. The dump is cached in the temp folder under a hash of the
 * database code (migrations, seed data) and the PGlite version, so a change to any of them makes a new template.
 */
const root = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

function templateKey(): string {
  const hash = createHash('sha256');
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pkg.version);
  for (const f of filesUnder(join(root, 'server/db'))) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

async function templateDump(): Promise<Blob> {
  const file = join(tmpdir(), `astro-pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pg = await PGlite.create();
  const db = wrapPglite(pg);
  await migrate(db);
  await seedReferenceData(db);
  const dump = await pg.dumpDataDir('none');
  await db.close();
  // Written under a private name, then renamed: test files starting together never read half a template.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

let cached: Promise<Blob> | undefined;

/** A fresh in-memory PGlite started from the template (the caller closes it). */
export async function openTemplatePglite(): Promise<Db> {
  cached ??= templateDump();
  return openPgliteDb(undefined, { loadDataDir: await cached });
}

/**
 * The template as a PGlite folder on disk, made once (cached in the temp folder beside the dump). initdb in a
 * folder is the slowest step of a PGlite start (tens of seconds on a loaded 2-core machine); opening an existing
 * folder takes a second or two.
 */
async function templateFolder(): Promise<string> {
  const dir = join(tmpdir(), `astro-pglite-folder-${templateKey()}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  cached ??= templateDump();
  const partial = `${dir}.${randomBytes(4).toString('hex')}`;
  const pg = await PGlite.create({ dataDir: partial, loadDataDir: await cached });
  await pg.close();
  try {
    renameSync(partial, dir);
  } catch {
    // Another test file made it first.
    rmSync(partial, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Puts a copy of the migrated, seeded template where a server on `dataDir` keeps PGlite (DATA_DIR/pglite), for tests
 * that start real server processes or open the folder themselves. The server then opens an existing database
 * instead of running initdb; the start on an empty folder stays covered by the tests that leave it empty.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  cpSync(await templateFolder(), join(dataDir, 'pglite'), { recursive: true });
}

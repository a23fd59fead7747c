import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { DatabaseFolderError, openPgliteDb } from './pglite-db';

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pglite) with PGlite's own data-directory
 * archive (dumpDataDir / loadDataDir: a gzipped tar of the folder, restorable by the same PGlite version).
 * Both take the DATA_DIR lock first, so they refuse while a server runs on the folder: copying or replacing it
 * under a running server is what corrupts it.
 *
 *   npm run db:backup -- <file.tar.gz>    writes the archive (the server must be stopped)
 *   npm run db:restore -- <file.tar.gz>   moves DATA_DIR/pglite aside to pglite.before-restore-<time> and loads the
 *                                         archive in its place
 */

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const dir = join(dataDir, 'pglite');
    if (!existsSync(dir)) throw new Error(`There is no embedded database in ${dir} to back up.`);
    let pg: PGlite;
    try {
      pg = await PGlite.create({ dataDir: dir });
    } catch (err) {
      throw new DatabaseFolderError(dir, err);
    }
    try {
      const archive = await pg.dumpDataDir('gzip');
      writeFileSync(file, new Uint8Array(await archive.arrayBuffer()), { mode: 0o600 });
    } finally {
      await pg.close();
    }
  } finally {
    lock.release();
  }
}

/** Returns the folder the previous database was moved to (undefined when there was none). */
export async function restorePglite(dataDir: string, file: string): Promise<string | undefined> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const archive = new Blob([readFileSync(file)]);
    const dir = join(dataDir, 'pglite');
    let aside: string | undefined;
    if (existsSync(dir)) {
      aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, aside);
    }
    try {
      const db = await openPgliteDb(dir, { loadDataDir: archive });
      // Proves the restored folder answers before we report success.
      await db.query('select count(*) from users');
      await db.close();
    } catch (err) {
      if (aside) throw new Error(`The archive ${file} could not be restored (${err instanceof Error ? err.message : String(err)}). The previous database folder is kept at ${aside}; ${dir} may hold a partial restore and can be deleted.`, { cause: err });
      throw err;
    }
    return aside;
  } finally {
    lock.release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run db:backup -- <file.tar.gz> | npm run db:restore -- <file.tar.gz>');
    return 64; // EX_USAGE
  }
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with psql / pg_restore instead.');
    return 64;
  }
  const path = resolve(file);
  try {
    if (command === 'backup') {
      await backupPglite(config.dataDir, path);
      console.log(`Backed up ${join(config.dataDir, 'pglite')} to ${path}.`);
    } else {
      const aside = await restorePglite(config.dataDir, path);
      console.log(`Restored ${path} into ${join(config.dataDir, 'pglite')}.${aside ? ` The previous folder is kept at ${aside}.` : ''}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseFolderError) {
      console.error(err.message);
      return err instanceof DataDirLockedError ? 75 : 74;
    }
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}

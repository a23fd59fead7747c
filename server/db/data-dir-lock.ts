import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * An exclusive lock on DATA_DIR for the life of the process, taken before PGlite opens the folder. PGlite is one
 * embedded PostgreSQL without a postmaster: two processes writing the same folder corrupt it beyond repair, so a
 * second server must stop before it touches anything.
 *
 * The lock is a file created with O_EXCL holding the owner's pid, its start time (Linux /proc, so a pid reused by
 * another program after a crash does not look alive) and host name. It is removed when the database closes and on
 * process exit; after a kill -9 it stays, and the next start sees a dead owner and takes it over.
 * @internal Exported for its tests.
 */
export const LOCK_FILE = 'server.lock';

interface LockOwner {
  pid: number;
  /** Process start time in clock ticks since boot (field 22 of /proc/<pid>/stat), when known. */
  startTicks: number | null;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED' as const;
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner ? `process ${owner.pid} on ${owner.host} (running since ${owner.since})` : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}.\n` +
        `Only one server may open the embedded database (PGlite) in a folder: a second one would corrupt it.\n` +
        `Stop the other server first, or give this one its own DATA_DIR (or DATABASE_URL for PostgreSQL, which ` +
        `several servers may share).\n` +
        `If you are sure no server uses this folder, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Start time of `pid` in clock ticks since boot, or null where /proc is missing (not Linux) or the pid is gone. */
function startTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return null;
    return {
      pid: v.pid,
      startTicks: typeof v.startTicks === 'number' ? v.startTicks : null,
      host: typeof v.host === 'string' ? v.host : '?',
      since: typeof v.since === 'string' ? v.since : '?',
    };
  } catch {
    return null;
  }
}

/** True when the owner recorded in a lock file is certainly gone (dead pid, or the pid now names a newer process). */
function ownerIsGone(owner: LockOwner): boolean {
  // Another machine's pid cannot be checked from here (a DATA_DIR on a network share): treat it as alive.
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return false;
  if (!isAlive(owner.pid)) return true;
  const ticks = startTicksOf(owner.pid);
  return owner.startTicks !== null && ticks !== null && ticks !== owner.startTicks;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

/**
 * Takes the lock on `dataDir` (created when missing) or throws DataDirLockedError without writing anything when a
 * live process holds it. A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, startTicks: startTicksOf(process.pid), host: hostname(), since: new Date().toISOString() };
  const content = `${JSON.stringify(me)}\n`;

  const tryCreate = (): boolean => {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
  };

  // Only create DATA_DIR when it does not exist: a folder that exists is not written to before the lock is ours.
  try {
    statSync(dataDir);
  } catch {
    mkdirSync(dataDir, { recursive: true });
  }

  if (!tryCreate()) {
    const owner = readOwner(file);
    if (owner && !ownerIsGone(owner)) throw new DataDirLockedError(dataDir, owner);
    if (!owner) {
      // Unreadable: possibly a lock being written this very moment. A half-written file is a few bytes for a few
      // microseconds; only one that stays unreadable for a while is taken as debris.
      const ageMs = Date.now() - statSync(file).mtimeMs;
      if (ageMs < 5_000) throw new DataDirLockedError(dataDir, null);
    }
    // Take over a dead owner's lock. Two processes may find the same stale lock at once: each moves it aside under
    // a name of its own (rename is atomic, only one wins), and the loser finds the winner's fresh lock next.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new DataDirLockedError(dataDir, readOwner(file));
      throw err;
    }
    const moved = readOwner(aside);
    if (moved?.pid !== owner?.pid || moved?.since !== owner?.since) {
      // Another process took the stale lock over between our read and our rename: put its lock back and yield.
      try {
        linkSync(aside, file);
      } catch {
        // A third process already holds a new lock; ours is refused either way.
      }
      rmSync(aside, { force: true });
      throw new DataDirLockedError(dataDir, moved);
    }
    rmSync(aside, { force: true });
    if (!tryCreate()) throw new DataDirLockedError(dataDir, readOwner(file));
  }

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    // Only our own lock: never remove one that another process took over.
    if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}

/**
 * The write half of storing a downloaded (or imported) session: the session row, its texts and the queued upload
 * in one IndexedDB transaction, so a crash leaves either nothing or everything.
 */
import type { AstroDb } from '../db/database';
import type { LocalSession, NewLocalSession } from '../db/rows';
import { storedTexts, type TextBlobs } from './bytes';
import { newOutboxEntry } from './outbox-entries';
import { localDefaultVisibility } from './sharing-default';
import { statsOfLapsBytes } from './session-stats-store';
import type { SessionIdentity } from './session-identity';

export interface DownloadToStore {
  ownerId: number;
  filename: string;
  identity: SessionIdentity;
  laps: ArrayBuffer;
  nmea: ArrayBuffer;
  /** The same texts as Blobs, when the caller built them (stored as they are, see storedTexts). */
  blobs?: TextBlobs;
  contentHash?: string | null;
  /** The logger's own start/finish crossings of an imported file, ms of session time. */
  loggerLaps?: number[];
}

/**
 * Inserts the session (Pending, with a queued create), or for a file name already stored rewrites its texts and,
 * when it is not on the server yet, makes sure exactly one create is queued. Returns the local id.
 */
export async function storeDownload(db: AstroDb, input: DownloadToStore, now: number): Promise<number> {
  const { ownerId, filename, identity } = input;
  // Blobs: IndexedDB stores them by reference, without serialising 25 MB inside put() on the main thread.
  const stored = storedTexts(input);
  // Sizes and list figures (best lap, laps, duration) follow the texts in the same write.
  const sizes = { lapsBytes: input.laps.byteLength, nmeaBytes: input.nmea.byteLength, stats: statsOfLapsBytes(input.laps, input.nmea) };
  return db.transaction('rw', [db.sessions, db.sessionTexts, db.outbox, db.kv], async () => {
    const existing = await db.sessions.where('[ownerId+filename]').equals([ownerId, filename]).first();
    if (existing) {
      await db.sessionTexts.put({ localId: existing.localId, ...stored });
      const onServer = existing.syncState === 'Completed' && existing.serverId !== null;
      await db.sessions.update(existing.localId, {
        hasTexts: true,
        ...sizes,
        ...(input.loggerLaps ? { loggerLaps: input.loggerLaps } : {}),
        ...(onServer ? {} : { syncState: 'Pending' as const, lastError: null, source: 'device' as const }),
      });
      const queued = await db.outbox.where('sessionLocalId').equals(existing.localId).filter((e) => e.kind === 'create-session').count();
      if (!onServer && queued === 0) await db.outbox.add(newOutboxEntry(ownerId, 'create-session', existing, now) as never);
      return existing.localId;
    }
    const stamp = new Date(now).toISOString();
    const visibility = await localDefaultVisibility(db, ownerId);
    const row: NewLocalSession = {
      ownerId,
      filename,
      serverId: null,
      source: 'device',
      name: identity.name,
      date: identity.date,
      dateAccuracyMs: identity.dateAccuracyMs,
      ...(identity.timeZone ? { timeZone: identity.timeZone } : {}),
      circuitId: identity.circuitId,
      vehicleCategoryId: null,
      favorite: false,
      weatherConditions: null,
      hasTexts: true,
      ...sizes,
      summary: null,
      syncState: 'Pending',
      lastError: null,
      updatedAt: stamp,
      serverUpdatedAt: null,
      createdAt: stamp,
      contentHash: input.contentHash ?? null,
      ...(input.loggerLaps ? { loggerLaps: input.loggerLaps } : {}),
      ...(visibility ? { visibility } : {}),
    };
    const id = (await db.sessions.add(row as LocalSession)) as number;
    await db.sessionTexts.put({ localId: id, ...stored });
    await db.outbox.add(newOutboxEntry(ownerId, 'create-session', { localId: id, filename }, now) as never);
    return id;
  });
}

/**
 * A stored session without laps is a copy waiting for its circuit: a file imported before its track was known
 * (every fix in lap 0). Importing the same data again once laps can be timed replaces that copy in place - its
 * texts, file name, name, date and circuit - rather than being refused as 'already stored' and leaving the lapless
 * copy behind. The server's copy follows through a queued replace (queue-replace.ts).
 */
import type { AstroDb } from '../db/database';
import type { LocalSession } from '../db/rows';
import { storedTexts } from './bytes';
import { queueReplace } from './queue-replace';
import type { DownloadToStore } from './session-download-store';
import { statsOfLapsBytes } from './session-stats-store';

/**
 * True when a stored copy has no laps and the incoming laps file has some: the incoming data should replace it.
 * `storedLapCount`: the stored copy's lap count (null when unknown: its texts are not on this device).
 */
export function replacesLaplessCopy(storedLapCount: number | null, incomingLaps: ArrayBuffer): boolean {
  return storedLapCount === 0 && statsOfLapsBytes(incomingLaps).lapCount > 0;
}

/** What replaces the copy: the same as a download to store. */
type Replacement = DownloadToStore;

/**
 * Rewrites `existing` with the incoming texts in one transaction (row, texts, dropped analysis, queued upload).
 * The new file name is taken only when no other session of the owner holds it.
 */
export async function replaceLaplessCopy(db: AstroDb, existing: LocalSession, input: Replacement, now: number): Promise<void> {
  const stored = storedTexts(input);
  await db.transaction('rw', [db.sessions, db.sessionTexts, db.analyses, db.outbox], async () => {
    const holder = await db.sessions.where('[ownerId+filename]').equals([input.ownerId, input.filename]).first();
    const filename = holder && holder.localId !== existing.localId ? existing.filename : input.filename;
    await db.sessionTexts.put({ localId: existing.localId, ...stored });
    await db.sessions.update(existing.localId, {
      filename,
      ...(filename === input.filename ? { name: input.identity.name } : {}),
      // The same data: the same first fix, whatever the name.
      date: input.identity.date,
      dateAccuracyMs: input.identity.dateAccuracyMs,
      ...(input.identity.timeZone ? { timeZone: input.identity.timeZone } : {}),
      circuitId: input.identity.circuitId,
      hasTexts: true,
      lapsBytes: input.laps.byteLength,
      nmeaBytes: input.nmea.byteLength,
      stats: statsOfLapsBytes(input.laps, input.nmea),
      contentHash: input.contentHash ?? existing.contentHash ?? null,
      ...(input.loggerLaps ? { loggerLaps: input.loggerLaps } : {}),
      updatedAt: new Date(now).toISOString(),
    });
    await db.analyses.delete(existing.localId);
    await queueReplace(db, input.ownerId, { ...existing, filename }, now);
  });
}

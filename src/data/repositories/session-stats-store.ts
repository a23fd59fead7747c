/**
 * A stored session's list figures (best lap, lap count, duration: domain/session-stats.ts) kept on its row: set
 * with every write of its texts, and worked out for rows of older builds that lack them.
 */
import { SESSION_STATS_VERSION, sessionStatsFromLapsText, type SessionStats } from '../../domain/session-stats';
import type { AstroDb } from '../db/database';
import { restoreRow } from '../db/restore';
import { sessionTextsSchema, sessionStatsSchema } from '../db/rows';
import { bytesToText, fromStoredBytes } from './bytes';

/**
 * The stats of a session's texts given as the bytes stored for them; without the positions file (`nmea`) the
 * duration is the laps' sum (callers that read only the lap count pass none).
 */
export function statsOfLapsBytes(laps: ArrayBuffer, nmea?: ArrayBuffer): SessionStats {
  return sessionStatsFromLapsText(bytesToText(laps), nmea ? new Uint8Array(nmea) : undefined);
}

const current = (stats: unknown): boolean => {
  const parsed = sessionStatsSchema.safeParse(stats);
  return parsed.success && parsed.data.version === SESSION_STATS_VERSION;
};

/**
 * Works out the stats of the owner's sessions whose texts are here but whose row has none of the current format
 * (rows of older builds), one session at a time. A row whose texts changed meanwhile keeps the newer stats its
 * write set. Returns how many rows got stats. Rows without texts here show the server's summary instead.
 */
export async function backfillSessionStats(db: AstroDb, ownerId: number): Promise<number> {
  const rows = await db.sessions.where('ownerId').equals(ownerId).toArray();
  let done = 0;
  for (const row of rows) {
    if (!row || row.hasTexts !== true || current(row.stats)) continue;
    const texts = restoreRow('sessionTexts', await db.sessionTexts.get(row.localId), sessionTextsSchema);
    if (!texts) continue;
    const stats = statsOfLapsBytes(await fromStoredBytes(texts.laps), await fromStoredBytes(texts.nmea));
    const written = await db.transaction('rw', db.sessions, async () => {
      const now = await db.sessions.get(row.localId);
      if (!now || current(now.stats) || now.lapsBytes !== row.lapsBytes) return false;
      await db.sessions.update(row.localId, { stats });
      return true;
    });
    if (written) done++;
  }
  return done;
}

import { restoreRow } from '../db/restore';
import { localSessionSchema } from '../db/rows';
import { StorageError, toStorageError } from '../storage/storage-error';
import { storedTexts, toArrayBuffer, type TextBlobs } from './bytes';
import { circuitNamed } from './circuit-lookup';
import { queueReplace } from './queue-replace';
import { checkDuplicate } from './session-duplicates';
import { replaceLaplessCopy, replacesLaplessCopy } from './session-lapless-copy';
import { storeDownload } from './session-download-store';
import { sessionIdentityFromFileName } from './session-identity';
import { statsOfLapsBytes } from './session-stats-store';
import type { DownloadedSession, SaveResult, SessionsRepositoryDeps } from './sessions-repository-types';
import type { SessionsBase } from './sessions-base';
import type { createSessionAnalysis } from './session-analysis';

/**
 * Sessions stored from a transfer or an import (store first, analyse second), and new texts for a stored session.
 * A failed analysis never loses what was stored.
 */
export function createSessionSaves(
  base: SessionsBase,
  deps: SessionsRepositoryDeps,
  analysis: Pick<ReturnType<typeof createSessionAnalysis>, 'analyseSaved' | 'storedLapCount'>,
) {
  const { db, now, iso, requireUser } = base;
  const { analyseSaved, storedLapCount } = analysis;

  return {
    /** The device transfer sink: store first, analyse second. Throws StorageError (QUOTA_EXCEEDED...) when the store fails. */
    /** `stored` is called once the session is kept (or found kept already), before the slower analysis. */
    async saveDownloadedSession(input: DownloadedSession, signal?: AbortSignal, stored?: () => void): Promise<SaveResult> {
      const ownerId = requireUser();
      const texts = { laps: toArrayBuffer(input.laps), nmea: toArrayBuffer(input.nmea) };
      const duplicate = await checkDuplicate(db(), ownerId, { filename: input.filename, nmea: texts.nmea, contentHash: input.contentHash });
      const filename = duplicate.kind === 'rename' ? duplicate.filename : input.filename;
      const named = await sessionIdentityFromFileName(filename, (name) => circuitNamed(db(), name), iso());
      const start = input.start;
      const identity = start ? { ...named, date: start.date, dateAccuracyMs: start.accuracyMs, timeZone: start.timeZone ?? named.timeZone } : named;
      if (duplicate.kind === 'same') {
        const existing = duplicate.existing;
        if (!replacesLaplessCopy(await storedLapCount(existing), texts.laps)) {
          stored?.();
          return { session: existing, analysis: null, analysisError: null, alreadyStored: true };
        }
        try {
          await replaceLaplessCopy(db(), existing, { ownerId, filename, identity, ...texts, blobs: input.blobs, contentHash: input.contentHash, loggerLaps: input.loggerLaps }, now());
        } catch (e) {
          throw toStorageError(e, `the session ${input.filename}`);
        }
        stored?.();
        deps.onQueued?.();
        return analyseSaved(existing.localId, texts, signal);
      }
      let localId: number;
      try {
        localId = await storeDownload(db(), { ownerId, filename, identity, ...texts, blobs: input.blobs, contentHash: input.contentHash, loggerLaps: input.loggerLaps }, now());
      } catch (e) {
        throw toStorageError(e, `the session ${input.filename}`);
      }
      stored?.();
      deps.onQueued?.();
      return analyseSaved(localId, texts, signal);
    },

    /**
     * New texts for a stored session (its laps re-timed from edited gates): written here at once, the old analysis
     * dropped and recomputed, and the session queued for the server like a new one (queue-replace.ts), so an
     * uploaded session's copy there (and the leaderboard's bests derived from it) follows.
     */
    /**
     * New texts for a session (its laps timed again). `start`: the start the file read again gives (its first fix,
     * session-start.ts) and the track's zone, when the timing read the file again: a row of an older build, dated
     * from its name's minute in this device's zone, gets its first fix's instant (the queued PUT carries it to the
     * server).
     */
    async replaceSessionTexts(
      localId: number,
      input: { laps: DownloadedSession['laps']; nmea: DownloadedSession['nmea']; blobs?: TextBlobs; start?: DownloadedSession['start'] },
      signal?: AbortSignal,
    ): Promise<SaveResult> {
      const ownerId = requireUser();
      const start = input.start;
      const dated = start ? { date: start.date, dateAccuracyMs: start.accuracyMs, ...(start.timeZone ? { timeZone: start.timeZone } : {}) } : {};
      const texts = { laps: toArrayBuffer(input.laps), nmea: toArrayBuffer(input.nmea) };
      const stored = storedTexts({ ...texts, blobs: input.blobs });
      try {
        await db().transaction('rw', [db().sessions, db().sessionTexts, db().analyses, db().outbox], async () => {
          const row = restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
          if (!row || row.ownerId !== ownerId) throw new StorageError('NOT_FOUND', 'Session not found.');
          await db().sessionTexts.put({ localId, ...stored });
          // Re-timed laps: the list's best lap, lap count and duration follow them.
          await db().sessions.update(localId, {
            hasTexts: true,
            lapsBytes: texts.laps.byteLength,
            nmeaBytes: texts.nmea.byteLength,
            stats: statsOfLapsBytes(texts.laps, texts.nmea),
            ...dated,
            updatedAt: iso(),
          });
          await db().analyses.delete(localId);
          await queueReplace(db(), ownerId, row, now());
        });
      } catch (e) {
        throw toStorageError(e, 'the session');
      }
      deps.onQueued?.();
      return analyseSaved(localId, texts, signal);
    },

  };
}

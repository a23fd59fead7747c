import type { ProcessedSession } from '../../analysis/analysis-client';
import type { SessionSummary } from '../../contracts/entities';
import { positionsFingerprint } from '../../domain/file-formats/positions-fingerprint';
import { restoreRow, restoreRows } from '../db/restore';
import { analysisCacheSchema, localSessionSchema, sessionEditSchema, sessionTextsSchema, type LocalSession, type SessionEdit } from '../db/rows';
import { removeStoredFiles } from '../storage/opfs-files';
import { StorageError, toStorageError } from '../storage/storage-error';
import { bytesToText, fromStoredBytes, storedTexts, toArrayBuffer, toStoredBytes, type TextBlobs } from './bytes';
import { circuitNamed } from './circuit-lookup';
import { newOutboxEntry } from './outbox-entries';
import { queueReplace } from './queue-replace';
import { checkDuplicate } from './session-duplicates';
import { replaceLaplessCopy, replacesLaplessCopy } from './session-lapless-copy';
import { storeDownload } from './session-download-store';
import { sessionIdentityFromFileName } from './session-identity';
import { backfillSessionStats, statsOfLapsBytes } from './session-stats-store';
import { ANALYSIS_CACHE_VERSION, packAnalysis, unpackAnalysis } from './sessions-analysis-cache';
import type { DownloadedSession, SaveResult, SessionsRepositoryDeps } from './sessions-repository-types';
import { mirrorServerSessions } from './sessions-server-mirror';

export type { DownloadedSession, SaveResult, SessionsRepositoryDeps } from './sessions-repository-types';

/**
 * Sessions on this device (policy over the Dexie tables `sessions`, `sessionTexts`, `analyses`, `outbox`).
 *
 * - `saveDownloadedSession` is the device screen's transfer sink: what the file name tells (session-identity.ts,
 *   circuit-lookup.ts), then IndexedDB FIRST (row + texts + the queued POST in one transaction,
 *   session-download-store.ts), then the analysis in the worker, cached. A failed analysis never loses the download.
 * - Every server write goes through the outbox (create, patch, delete); the sync engine sends it.
 * - Reads parse each row (restore.ts) and are plain Dexie reads, so they work inside dexie-react-hooks'
 *   `useLiveQuery(() => sessionsRepository.listSessions())` and update live.
 */

const copy = (b: ArrayBuffer) => b.slice(0);

export function createSessionsRepository(deps: SessionsRepositoryDeps) {
  const now = deps.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const db = deps.db;

  function requireUser(): number {
    const id = deps.currentUserId();
    if (id === null) throw new StorageError('NOT_SIGNED_IN', 'Sign in to keep sessions on this device.');
    return id;
  }

  async function getSession(localId: number): Promise<LocalSession | null> {
    return restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
  }

  /** The user's sessions on this device, newest first. Corrupt rows are dropped (and reported). */
  async function listSessions(ownerId: number | null = deps.currentUserId()): Promise<LocalSession[]> {
    if (ownerId === null) return [];
    const rows = restoreRows('sessions', await db().sessions.where('ownerId').equals(ownerId).toArray(), localSessionSchema);
    return rows.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.localId - a.localId));
  }

  async function cacheAnalysis(localId: number, result: ProcessedSession): Promise<void> {
    await db().analyses.put({ localId, version: ANALYSIS_CACHE_VERSION, computedAt: iso(), result: await packAnalysis(result) });
  }

  async function loadTexts(localId: number, signal?: AbortSignal): Promise<{ laps: ArrayBuffer; nmea: ArrayBuffer }> {
    const local = restoreRow('sessionTexts', await db().sessionTexts.get(localId), sessionTextsSchema);
    if (local) {
      const [laps, nmea] = await Promise.all([fromStoredBytes(local.laps), fromStoredBytes(local.nmea)]);
      return { laps, nmea };
    }
    const session = await getSession(localId);
    if (!session) throw new StorageError('NOT_FOUND', 'Session not found.');
    if (session.serverId === null) throw new StorageError('CORRUPT', 'The texts of this session are missing on this device.');
    const full = await deps.api.get(session.serverId, signal);
    const texts = { laps: toArrayBuffer(full.laps), nmea: toArrayBuffer(full.coordinates) };
    try {
      await db().transaction('rw', db().sessions, db().sessionTexts, async () => {
        await db().sessionTexts.put({ localId, laps: toStoredBytes(texts.laps), nmea: toStoredBytes(texts.nmea) });
        await db().sessions.update(localId, { hasTexts: true, lapsBytes: texts.laps.byteLength, nmeaBytes: texts.nmea.byteLength, stats: statsOfLapsBytes(texts.laps, texts.nmea) });
      });
    } catch {
      // Not cached (e.g. quota): the texts are still returned for this view.
    }
    return texts;
  }

  async function runAnalysis(localId: number, texts: { laps: ArrayBuffer; nmea: ArrayBuffer }, signal?: AbortSignal): Promise<ProcessedSession> {
    if (!deps.analyse) throw new StorageError('UNAVAILABLE', 'Analysis is not available.');
    const result = await deps.analyse({ laps: copy(texts.laps), nmea: copy(texts.nmea) }, signal);
    try {
      await cacheAnalysis(localId, result);
      // Every analysed session can be recognised when the same track comes again (session-duplicates.ts).
      await db().sessions.update(localId, { contentHash: positionsFingerprint(result.positions) });
    } catch {
      // A full disk only costs a recomputation next time.
    }
    return result;
  }

  /** A stored session's lap count: its list figures, else its laps file here; null when neither is on this device. */
  async function storedLapCount(session: LocalSession): Promise<number | null> {
    if (session.stats) return session.stats.lapCount;
    const texts = restoreRow('sessionTexts', await db().sessionTexts.get(session.localId), sessionTextsSchema);
    return texts ? statsOfLapsBytes(await fromStoredBytes(texts.laps)).lapCount : null;
  }

  /** The stored session with its analysis; a failed analysis never loses the stored download. */
  async function analyseSaved(localId: number, texts: { laps: ArrayBuffer; nmea: ArrayBuffer }, signal?: AbortSignal): Promise<SaveResult> {
    const session = (await getSession(localId))!;
    try {
      const analysis = await runAnalysis(localId, texts, signal);
      return { session: (await getSession(localId)) ?? session, analysis, analysisError: null, alreadyStored: false };
    } catch (e) {
      return { session, analysis: null, analysisError: e instanceof Error ? e.message : String(e), alreadyStored: false };
    }
  }

  return {
    getSession,

    async getSessionByFilename(filename: string, ownerId: number | null = deps.currentUserId()): Promise<LocalSession | null> {
      if (ownerId === null) return null;
      return restoreRow('sessions', await db().sessions.where('[ownerId+filename]').equals([ownerId, filename]).first(), localSessionSchema);
    },

    listSessions,

    /** Counts per sync state of the user's sessions (liveQuery-friendly; for a 'n waiting to upload' badge). */
    async syncSummary(ownerId: number | null = deps.currentUserId()): Promise<Record<LocalSession['syncState'], number>> {
      const counts: Record<LocalSession['syncState'], number> = { Pending: 0, 'In Progress': 0, Completed: 0, Failed: 0 };
      for (const s of await listSessions(ownerId)) counts[s.syncState]++;
      return counts;
    },

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

    loadTexts,

    /** Texts as strings (for exports and PUT bodies). */
    async loadTextStrings(localId: number, signal?: AbortSignal): Promise<{ laps: string; nmea: string }> {
      const t = await loadTexts(localId, signal);
      return { laps: bytesToText(t.laps), nmea: bytesToText(t.nmea) };
    },

    /** The cached analysis when it is of the current format, else computed (fetching the texts when needed) and cached. */
    async getAnalysis(localId: number, signal?: AbortSignal): Promise<ProcessedSession> {
      const cached = restoreRow('analyses', await db().analyses.get(localId), analysisCacheSchema);
      const result = cached && cached.version === ANALYSIS_CACHE_VERSION ? await unpackAnalysis(cached.result) : null;
      if (result) return result;
      return runAnalysis(localId, await loadTexts(localId, signal), signal);
    },

    /** Whether a current analysis is cached (cheap; for 'analysed' badges). */
    async hasAnalysis(localId: number): Promise<boolean> {
      const row = await db().analyses.get(localId);
      return row?.version === ANALYSIS_CACHE_VERSION;
    },

    /**
     * An edit (name, circuit, vehicle category, favorite, weather, who sees it) applied locally at once and queued as a PATCH
     * (merged with a PATCH already waiting). A session not yet uploaded needs no PATCH: its POST sends the
     * current fields.
     */
    async editSession(localId: number, edit: SessionEdit): Promise<LocalSession> {
      const changes = sessionEditSchema.parse(edit);
      const ownerId = requireUser();
      try {
        await db().transaction('rw', db().sessions, db().outbox, async () => {
          const row = restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
          if (!row || row.ownerId !== ownerId) throw new StorageError('NOT_FOUND', 'Session not found.');
          await db().sessions.update(localId, { ...changes, updatedAt: iso() });
          const entries = await db().outbox.where('sessionLocalId').equals(localId).toArray();
          const create = entries.find((e) => e.kind === 'create-session');
          // A create not yet sent will carry the new fields; one in flight (leased) may not, so patch after it.
          if (create && create.leaseUntil <= now()) return;
          // A PUT not sent yet reads every field when it is sent: it carries this edit too (but for who sees it,
          // which only a PATCH sends; a create carries it through completeCreate).
          const replace = entries.find((e) => e.kind === 'replace-session');
          if (replace && replace.leaseUntil <= now() && changes.visibility === undefined) return;
          const patch = entries.find((e) => e.kind === 'patch-session');
          if (patch) {
            await db().outbox.update(patch.id, { patch: { ...(patch.patch ?? {}), ...changes }, nextAttemptAt: 0, attempts: 0, lastError: null });
          } else {
            await db().outbox.add(newOutboxEntry(ownerId, 'patch-session', row, now(), { patch: changes }) as never);
          }
          await db().sessions.update(localId, { syncState: 'Pending', lastError: null });
        });
      } catch (e) {
        throw toStorageError(e, 'the session');
      }
      deps.onQueued?.();
      return (await getSession(localId))!;
    },

    /**
     * Removes the session here at once (with its videos and their files); a session already on the server is deleted
     * there through the queue.
     */
    async deleteSession(localId: number): Promise<void> {
      const ownerId = requireUser();
      let videoFiles: string[] = [];
      await db().transaction('rw', [db().sessions, db().sessionTexts, db().analyses, db().outbox, db().videos], async () => {
        const row = restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
        if (!row || row.ownerId !== ownerId) return;
        const videos = await db().videos.where('sessionLocalId').equals(localId).toArray();
        videoFiles = videos.map((v) => v.opfsName);
        await db().videos.bulkDelete(videos.map((v) => v.id));
        const entries = await db().outbox.where('sessionLocalId').equals(localId).toArray();
        const createInFlight = entries.some((e) => e.kind === 'create-session' && e.leaseUntil > now());
        await db().outbox.bulkDelete(entries.map((e) => e.id));
        if (row.serverId !== null || createInFlight) {
          await db().outbox.add(newOutboxEntry(ownerId, 'delete-session', row, now(), { serverId: row.serverId }) as never);
        }
        await db().sessions.delete(localId);
        await db().sessionTexts.delete(localId);
        await db().analyses.delete(localId);
      });
      // The files go after the rows: a crash in between leaves an orphan file, never a row without its file.
      await removeStoredFiles(videoFiles);
      deps.onQueued?.();
    },

    /** Works out the list figures of the user's stored sessions that lack them (rows of older builds). */
    async backfillStats(ownerId: number | null = deps.currentUserId()): Promise<number> {
      if (ownerId === null) return 0;
      return backfillSessionStats(db(), ownerId);
    },

    /** Makes a failed upload or edit due now (the 'retry' button). */
    async retrySync(localId: number): Promise<void> {
      await db().transaction('rw', db().sessions, db().outbox, async () => {
        await db().outbox.where('sessionLocalId').equals(localId).modify({ nextAttemptAt: 0, leaseUntil: 0 });
        const row = await db().sessions.get(localId);
        if (row && row.syncState === 'Failed') await db().sessions.update(localId, { syncState: 'Pending' });
      });
      deps.onQueued?.();
    },

    /**
     * Mirrors GET /sessions into IndexedDB for offline use: server rows get (or keep) a local row marked Completed;
     * local fields with a queued edit are kept (the PATCH will win); server rows deleted elsewhere disappear
     * here unless they still have queued work. Throws ApiError when offline.
     */
    async refreshFromServer(signal?: AbortSignal): Promise<LocalSession[]> {
      const ownerId = requireUser();
      const list: SessionSummary[] = await deps.api.list(signal);
      await mirrorServerSessions(db, ownerId, list);
      return listSessions(ownerId);
    },
  };
}

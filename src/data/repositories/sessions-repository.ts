import type { ProcessedSession } from '../../analysis/analysis-client';
import type { SessionSummary } from '../../contracts/entities';
import { displayNameFromFileName, parseSessionFileName, sessionIsoDate } from '../../domain/format/session-name';
import { wallClockToInstant } from '../../domain/format/wall-clock';
import { restoreRow, restoreRows } from '../db/restore';
import {
  analysisCacheSchema,
  localSessionSchema,
  sessionEditSchema,
  sessionTextsSchema,
  type LocalSession,
  type NewLocalSession,
  type NewOutboxEntry,
  type SessionEdit,
} from '../db/rows';
import { StorageError, toStorageError } from '../storage/storage-error';
import { bytesToText, fromStoredBytes, toArrayBuffer, toStoredBytes } from './bytes';
import { ANALYSIS_CACHE_VERSION, packAnalysis, unpackAnalysis } from './sessions-analysis-cache';
import type { DownloadedSession, SaveResult, SessionsRepositoryDeps } from './sessions-repository-types';
import { mirrorServerSessions } from './sessions-server-mirror';

export { ANALYSIS_CACHE_VERSION } from './sessions-analysis-cache';
export type { Analyser, DownloadedSession, SaveResult, SessionsRepositoryDeps } from './sessions-repository-types';

/**
 * Sessions on this device (policy over the Dexie tables `sessions`, `sessionTexts`, `analyses`, `outbox`).
 *
 * - `saveDownloadedSession` is the device screen's transfer sink: it writes IndexedDB FIRST (row + texts + the
 *   queued POST in one transaction, so a crash leaves either nothing or everything), then runs the analysis in
 *   the worker and caches it. A failed analysis never loses the download.
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

  function newOutbox(ownerId: number, kind: NewOutboxEntry['kind'], session: { localId: number; filename: string }, extra: Partial<NewOutboxEntry> = {}): NewOutboxEntry {
    return {
      ownerId,
      kind,
      sessionLocalId: session.localId,
      filename: session.filename,
      patch: null,
      serverId: null,
      attempts: 0,
      nextAttemptAt: 0,
      leaseUntil: 0,
      lastError: null,
      createdAt: now(),
      ...extra,
    };
  }

  /** Circuit id from the circuit name in the file name, when a circuit of that name is in the reference data. */
  /** The stored circuit named `circuitName` (case-insensitive): its id and its country's time zone. */
  async function circuitNamed(circuitName: string): Promise<{ id: number; timeZone: string | null } | null> {
    const wanted = circuitName.trim().toLowerCase();
    const match = await db()
      .circuits.filter((c) => typeof c?.name === 'string' && c.name.trim().toLowerCase() === wanted)
      .first();
    if (!match) return null;
    const timeZone: unknown = match.country?.timezone;
    return { id: match.id, timeZone: typeof timeZone === 'string' ? timeZone : null };
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
        await db().sessions.update(localId, { hasTexts: true, lapsBytes: texts.laps.byteLength, nmeaBytes: texts.nmea.byteLength });
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
    } catch {
      // A full disk only costs a recomputation next time.
    }
    return result;
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
    async saveDownloadedSession(input: DownloadedSession, signal?: AbortSignal): Promise<SaveResult> {
      const ownerId = requireUser();
      const texts = { laps: toArrayBuffer(input.laps), nmea: toArrayBuffer(input.nmea) };
      let name = input.filename;
      let date = iso();
      let circuitId: number | null = null;
      try {
        const parts = parseSessionFileName(input.filename);
        name = displayNameFromFileName(input.filename);
        // The name's wall-clock time is the track's: an instant in the circuit's zone (else this device's).
        const circuit = await circuitNamed(parts.circuitName);
        circuitId = circuit?.id ?? null;
        date = wallClockToInstant(sessionIsoDate(parts), circuit?.timeZone);
      } catch {
        // Not a device file name: keep the file name as the name and today as the date.
      }
      let localId: number;
      // Blobs: IndexedDB stores them by reference, without serialising 25 MB inside put() on the main thread.
      const stored = { laps: toStoredBytes(texts.laps), nmea: toStoredBytes(texts.nmea) };
      try {
        localId = await db().transaction('rw', db().sessions, db().sessionTexts, db().outbox, async () => {
          const existing = await db().sessions.where('[ownerId+filename]').equals([ownerId, input.filename]).first();
          const stamp = iso();
          if (existing) {
            await db().sessionTexts.put({ localId: existing.localId, ...stored });
            const onServer = existing.syncState === 'Completed' && existing.serverId !== null;
            await db().sessions.update(existing.localId, {
              hasTexts: true,
              lapsBytes: texts.laps.byteLength,
              nmeaBytes: texts.nmea.byteLength,
              ...(onServer ? {} : { syncState: 'Pending' as const, lastError: null, source: 'device' as const }),
            });
            const queued = await db().outbox.where('sessionLocalId').equals(existing.localId).filter((e) => e.kind === 'create-session').count();
            if (!onServer && queued === 0) await db().outbox.add(newOutbox(ownerId, 'create-session', existing) as never);
            return existing.localId;
          }
          const row: NewLocalSession = {
            ownerId,
            filename: input.filename,
            serverId: null,
            source: 'device',
            name,
            date,
            circuitId,
            vehicleCategoryId: null,
            favorite: false,
            weatherConditions: null,
            hasTexts: true,
            lapsBytes: texts.laps.byteLength,
            nmeaBytes: texts.nmea.byteLength,
            summary: null,
            syncState: 'Pending',
            lastError: null,
            updatedAt: stamp,
            serverUpdatedAt: null,
            createdAt: stamp,
          };
          const id = (await db().sessions.add(row as LocalSession)) as number;
          await db().sessionTexts.put({ localId: id, ...stored });
          await db().outbox.add(newOutbox(ownerId, 'create-session', { localId: id, filename: input.filename }) as never);
          return id;
        });
      } catch (e) {
        throw toStorageError(e, `the session ${input.filename}`);
      }
      deps.onQueued?.();
      const session = (await getSession(localId))!;
      try {
        const analysis = await runAnalysis(localId, texts, signal);
        return { session, analysis, analysisError: null };
      } catch (e) {
        return { session, analysis: null, analysisError: e instanceof Error ? e.message : String(e) };
      }
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
     * An edit (name, circuit, vehicle category, favorite, weather) applied locally at once and queued as a PATCH
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
          const patch = entries.find((e) => e.kind === 'patch-session');
          if (patch) {
            await db().outbox.update(patch.id, { patch: { ...(patch.patch ?? {}), ...changes }, nextAttemptAt: 0, attempts: 0, lastError: null });
          } else {
            await db().outbox.add(newOutbox(ownerId, 'patch-session', row, { patch: changes }) as never);
          }
          await db().sessions.update(localId, { syncState: 'Pending', lastError: null });
        });
      } catch (e) {
        throw toStorageError(e, 'the session');
      }
      deps.onQueued?.();
      return (await getSession(localId))!;
    },

    /** Removes the session here at once; a session already on the server is deleted there through the queue. */
    async deleteSession(localId: number): Promise<void> {
      const ownerId = requireUser();
      await db().transaction('rw', [db().sessions, db().sessionTexts, db().analyses, db().outbox], async () => {
        const row = restoreRow('sessions', await db().sessions.get(localId), localSessionSchema);
        if (!row || row.ownerId !== ownerId) return;
        const entries = await db().outbox.where('sessionLocalId').equals(localId).toArray();
        const createInFlight = entries.some((e) => e.kind === 'create-session' && e.leaseUntil > now());
        await db().outbox.bulkDelete(entries.map((e) => e.id));
        if (row.serverId !== null || createInFlight) {
          await db().outbox.add(newOutbox(ownerId, 'delete-session', row, { serverId: row.serverId }) as never);
        }
        await db().sessions.delete(localId);
        await db().sessionTexts.delete(localId);
        await db().analyses.delete(localId);
      });
      deps.onQueued?.();
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
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

import { z } from 'zod';
import type { ProcessedSession } from '../../analysis/analysis-client';
import type { SessionSummary } from '../../contracts/entities';
import { displayNameFromFileName, parseSessionFileName, sessionIsoDate } from '../../domain/format/session-name';
import type { SessionsApi } from '../api/sessions-api';
import type { AstroDb } from '../db/database';
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
import { bytesToText, fromStoredBytes, toArrayBuffer, toStoredBytes, type TextInput } from './bytes';
import type { PositionColumns } from '../../domain/session-types';

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

/** Runs the analysis worker on a session's texts. Bytes are copies the callee may transfer. */
export type Analyser = (input: { laps: ArrayBuffer; nmea: ArrayBuffer }, signal?: AbortSignal) => Promise<ProcessedSession>;

/** Shallow check of a cached analysis read back from IndexedDB (typed columns, laps, analysis object). */
const processedSessionSchema = z.object({
  positions: z.object({
    count: z.number().int().min(0),
    lap: z.instanceof(Int32Array),
    timeMs: z.instanceof(Float64Array),
    lat: z.instanceof(Float64Array),
    lon: z.instanceof(Float64Array),
    speedKmh: z.instanceof(Float32Array),
    distanceM: z.instanceof(Float64Array),
  }),
  laps: z.array(z.object({ lapNumber: z.number(), timeMs: z.number() }).passthrough()),
  analysis: z.object({}).passthrough(),
  issues: z.object({}).passthrough(),
  timings: z.object({}).passthrough(),
});

/**
 * Format of the cached analysis; bump when the analyser's result shape changes (old caches are recomputed).
 * 2: the position columns are stored as one Blob each (see packAnalysis).
 */
export const ANALYSIS_CACHE_VERSION = 2;

const COLUMNS = ['lap', 'timeMs', 'lat', 'lon', 'speedKmh', 'distanceM'] as const;

/** How the position columns are kept in a cached analysis: the count and each column's bytes as a Blob. */
const storedColumnsSchema = z.object({
  count: z.number().int().min(0),
  columns: z.object({
    lap: z.instanceof(Blob),
    timeMs: z.instanceof(Blob),
    lat: z.instanceof(Blob),
    lon: z.instanceof(Blob),
    speedKmh: z.instanceof(Blob),
    distanceM: z.instanceof(Blob),
  }),
});

/** Lets other tasks run (input, rendering, the next BLE notification). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The analysis as it is cached: the position columns (25 MB for a 7 h session) as Blobs, which IndexedDB
 * stores by reference - as typed arrays they would be serialised inside put() on the main thread. Making a Blob
 * copies its bytes, so each column is copied in a task of its own (~4 MB each for a 7 h session).
 */
async function packAnalysis(result: ProcessedSession): Promise<unknown> {
  const p = result.positions;
  const columns: Partial<Record<(typeof COLUMNS)[number], Blob>> = {};
  for (const c of COLUMNS) {
    if (p[c].byteLength > 1 << 20) await yieldToEventLoop();
    columns[c] = toStoredBytes(p[c] as ArrayBufferView<ArrayBuffer>);
  }
  return { ...result, positions: { count: p.count, columns } };
}

/** The cached analysis back as the worker returned it (each column on its own buffer), or null when malformed. */
async function unpackAnalysis(stored: unknown): Promise<ProcessedSession | null> {
  const positions = storedColumnsSchema.safeParse((stored as { positions?: unknown } | null)?.positions);
  if (!positions.success) return null;
  const b = positions.data.columns;
  const [lap, timeMs, lat, lon, speedKmh, distanceM] = await Promise.all(COLUMNS.map((c) => b[c].arrayBuffer()));
  const columns: PositionColumns = {
    count: positions.data.count,
    lap: new Int32Array(lap),
    timeMs: new Float64Array(timeMs),
    lat: new Float64Array(lat),
    lon: new Float64Array(lon),
    speedKmh: new Float32Array(speedKmh),
    distanceM: new Float64Array(distanceM),
  };
  const result = { ...(stored as object), positions: columns };
  return processedSessionSchema.safeParse(result).success ? (result as ProcessedSession) : null;
}

export interface DownloadedSession {
  filename: string;
  laps: TextInput;
  nmea: TextInput;
}

export interface SaveResult {
  session: LocalSession;
  /** The cached analysis, or null when the analysis failed (see analysisError). */
  analysis: ProcessedSession | null;
  analysisError: string | null;
}

export interface SessionsRepositoryDeps {
  db: () => AstroDb;
  api: Pick<SessionsApi, 'list' | 'get'>;
  /** The signed-in (or offline-signed-in) user's id; null when signed out. */
  currentUserId: () => number | null;
  analyse?: Analyser | null;
  now?: () => number;
  /** Called after a server write was queued (the sync engine runs soon after). */
  onQueued?: () => void;
}

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
  async function circuitIdFor(circuitName: string): Promise<number | null> {
    const wanted = circuitName.trim().toLowerCase();
    const match = await db()
      .circuits.filter((c) => typeof c?.name === 'string' && c.name.trim().toLowerCase() === wanted)
      .first();
    return match?.id ?? null;
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
        date = sessionIsoDate(parts);
        circuitId = await circuitIdFor(parts.circuitName);
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
      await db().transaction('rw', [db().sessions, db().sessionTexts, db().analyses, db().outbox], async () => {
        const queued = new Set((await db().outbox.where('ownerId').equals(ownerId).toArray()).map((e) => e.sessionLocalId));
        const locals = await db().sessions.where('ownerId').equals(ownerId).toArray();
        const byFilename = new Map(locals.map((s) => [s.filename, s]));
        const serverIds = new Set<number>();
        for (const s of list) {
          serverIds.add(s.id);
          const local = byFilename.get(s.filename);
          const fromServer = {
            serverId: s.id,
            summary: s,
            serverUpdatedAt: s.updatedAt,
            lapsBytes: s.lapsBytes,
            nmeaBytes: s.coordinatesBytes,
          };
          const fields = {
            name: s.name,
            date: s.date,
            circuitId: s.circuitId,
            vehicleCategoryId: s.vehicleCategoryId,
            favorite: s.favorite,
            weatherConditions: s.weatherConditions,
            updatedAt: s.updatedAt,
          };
          if (!local) {
            const row: NewLocalSession = {
              ownerId,
              filename: s.filename,
              source: 'server',
              hasTexts: false,
              syncState: 'Completed',
              lastError: null,
              createdAt: s.createdAt,
              ...fromServer,
              ...fields,
            };
            await db().sessions.add(row as LocalSession);
          } else if (queued.has(local.localId)) {
            await db().sessions.update(local.localId, { serverId: s.id, summary: s });
          } else {
            await db().sessions.update(local.localId, { ...fromServer, ...fields, syncState: 'Completed', lastError: null });
          }
        }
        for (const local of locals) {
          if (local.serverId !== null && !serverIds.has(local.serverId) && !queued.has(local.localId) && local.syncState === 'Completed') {
            await db().sessions.delete(local.localId);
            await db().sessionTexts.delete(local.localId);
            await db().analyses.delete(local.localId);
          }
        }
      });
      return listSessions(ownerId);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

import { z } from 'zod';
import { roleSchema } from '../../contracts/auth';
import { sessionSummarySchema } from '../../contracts/entities';
import { lapSliceSchema } from '../../contracts/sharing';
import { visibilitySchema } from '../../contracts/visibility';

/** A kept message (src/contracts/messages.ts `Message`), or a plain text (rows written before messages had ids). */
const storedMessageSchema = z.union([
  z.string(),
  z.object({ text: z.string(), id: z.string().optional(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }),
]);

/**
 * Zod schemas of every IndexedDB row. Rows read back are parsed one by one (see restore.ts): IndexedDB is
 * untrusted input like any other boundary (an older build, a bug, a browser extension or a partial write may
 * have left anything there).
 */

const bytes = z.instanceof(ArrayBuffer);
/** Big byte arrays: Blobs since the texts moved out of put()'s main-thread serialisation; ArrayBuffers before. */
const storedBytes = z.union([bytes, z.instanceof(Blob)]);

/**
 * A session's list figures (domain/session-stats.ts), worked out from its laps file when it is stored (download,
 * import, re-timed laps) and kept on its row so lists never read the texts. `version` is the stats' format: other
 * versions are computed again. Rows of older builds lack it (computed lazily,
 * repositories/session-stats-store.ts).
 */
export const sessionStatsSchema = z.object({
  version: z.number().int(),
  bestLapMs: z.number().int().positive().nullable(),
  lapCount: z.number().int().min(0),
  durationMs: z.number().min(0).nullable(),
});

/** Per-session sync state shown in the UI: Pending, In Progress, Completed, Failed. */
const syncStateSchema = z.enum(['Pending', 'In Progress', 'Completed', 'Failed']);
export type SyncState = z.infer<typeof syncStateSchema>;

/**
 * One session known on this device: downloaded from ASTRO (source 'device', raw texts kept as UTF-8 bytes until
 * the server has them) or mirrored from the server list (source 'server', texts fetched on demand).
 */
export const localSessionSchema = z.object({
  localId: z.number().int().positive(),
  /** The signed-in user who downloaded or owns it; the sync engine only uploads the current user's rows. */
  ownerId: z.number().int().positive(),
  filename: z.string().min(1),
  serverId: z.number().int().positive().nullable(),
  source: z.enum(['device', 'server']),
  name: z.string(),
  /** The session's start: its first fix's UTC instant, ISO (domain/value-format/session-start.ts). */
  date: z.string(),
  /**
   * How much later than `date` the first fix may be, ms: 0 when `date` is the first fix's own time (imports of GNSS
   * logs), 60,000 when it comes from a device file name (to the minute). Rows of older builds and server rows lack
   * it (session-start.ts reads a whole-minute date as known to the minute).
   */
  dateAccuracyMs: z.number().int().min(0).optional().catch(undefined),
  /** The track's IANA zone (where the first fix was), when known: names and screens show the date in it. */
  timeZone: z.string().min(1).max(64).optional().catch(undefined),
  circuitId: z.number().int().positive().nullable(),
  vehicleCategoryId: z.number().int().positive().nullable(),
  favorite: z.boolean(),
  weatherConditions: z.string().nullable(),
  /** Whether the raw texts are on this device (table sessionTexts); a server row gets them on first open. */
  hasTexts: z.boolean(),
  lapsBytes: z.number().int().min(0),
  nmeaBytes: z.number().int().min(0),
  /** The server's summary row as last seen (circuit name, category name...). */
  summary: sessionSummarySchema.nullable(),
  syncState: syncStateSchema,
  /** Why the last sync attempt failed, shown next to the retry button. */
  lastError: storedMessageSchema.nullable(),
  /** When the local copy last changed (ISO); the server's updatedAt once synced. */
  updatedAt: z.string(),
  /** The server's updatedAt this copy was based on (last writer wins; conflict notice). */
  serverUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Fingerprint of the session's positions (domain/file-formats/positions-fingerprint.ts): the same track from any file
   * is recognised as this session. Set on import and by every analysis; rows of older builds lack it.
   */
  contentHash: z.string().nullable().optional(),
  /** Best lap, lap count, duration; damaged stats read as missing (recomputed) and never drop the session. */
  stats: sessionStatsSchema.optional().catch(undefined),
  /**
   * The start/finish crossings the file's own logger timed (ms of session time, ascending), kept from an import so
   * the analysis can show the logger's laps beside ours. Local only (never uploaded); absent for other sessions.
   */
  loggerLaps: z.array(z.number().finite()).max(100_000).optional(),
  /**
   * Who sees it (private, team, public), as chosen here or last seen from the server. Absent: not chosen and not
   * known yet (the server gives a new session the profile's default). A choice made before the first upload is
   * sent right after it (outbox-store.ts completeCreate).
   */
  visibility: visibilitySchema.optional().catch(undefined),
});
export type LocalSession = z.infer<typeof localSessionSchema>;
export type NewLocalSession = Omit<LocalSession, 'localId'>;

/**
 * The raw device texts of one session as UTF-8 bytes (laps file and NMEA/position file), kept apart from the
 * session row so listing sessions never loads megabytes (IndexedDB reads whole rows). Since schema version 2.
 */
export const sessionTextsSchema = z.object({ localId: z.number().int().positive(), laps: storedBytes, nmea: storedBytes });
export type SessionTextsRow = z.infer<typeof sessionTextsSchema>;

/** Version 1 kept the texts inside the session row; the v2 upgrade moves them to sessionTexts. */
export interface SessionRowV1 extends Omit<LocalSession, 'hasTexts'> {
  laps: ArrayBuffer | null;
  nmea: ArrayBuffer | null;
}

/**
 * The cached result of the analysis worker for one session, kept apart from the session row so listing sessions
 * never loads it. `version` is the analysis format; a different version is recomputed.
 */
export const analysisCacheSchema = z.object({
  localId: z.number().int().positive(),
  version: z.number().int(),
  computedAt: z.string(),
  result: z.unknown(),
});
export type AnalysisCacheRow = z.infer<typeof analysisCacheSchema>;

/**
 * create-session: POST the stored session; patch-session: PATCH edited fields; replace-session: PUT the whole stored
 * session (its texts changed on this device, e.g. laps re-timed from edited gates); delete-session: DELETE.
 */
const outboxKindSchema = z.enum(['create-session', 'patch-session', 'replace-session', 'delete-session']);
export type OutboxKind = z.infer<typeof outboxKindSchema>;

/**
 * Fields an offline edit may change (name, circuit, vehicle category, favorite, weather), and the date, which only
 * the upgrade that re-dates older rows sends (redate-sessions.ts).
 */
export const sessionEditSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  date: z.string().min(1).max(40).optional(),
  circuitId: z.number().int().positive().nullable().optional(),
  vehicleCategoryId: z.number().int().positive().nullable().optional(),
  favorite: z.boolean().optional(),
  weatherConditions: z.enum(['Dry', 'Damp', 'Wet', 'Unknown']).nullable().optional(),
  visibility: visibilitySchema.optional(),
});
export type SessionEdit = z.infer<typeof sessionEditSchema>;

/** One queued server write. Deleted only after the server confirmed it, so a closed tab resumes it later. */
export const outboxEntrySchema = z.object({
  id: z.number().int().positive(),
  ownerId: z.number().int().positive(),
  kind: outboxKindSchema,
  sessionLocalId: z.number().int().positive(),
  /** The session's file name: the server's dedupe key, and how a delete finds a row whose id never came back. */
  filename: z.string(),
  /** patch-session: the merged fields to send. */
  patch: sessionEditSchema.nullable(),
  /** delete-session: the server id to delete (the local row is already gone). */
  serverId: z.number().int().positive().nullable(),
  attempts: z.number().int().min(0),
  /** Epoch ms before which the entry is not retried (backoff). */
  nextAttemptAt: z.number(),
  /** Epoch ms until which a runner (maybe another tab) holds it; a crashed runner's lease simply runs out. */
  leaseUntil: z.number(),
  lastError: storedMessageSchema.nullable(),
  createdAt: z.number(),
  /**
   * replace-session: counts the local edits folded into this entry; one made while its PUT is in flight bumps it, so
   * the answer of that PUT does not remove the entry and the newer texts are sent too. Rows of older builds lack it.
   */
  revision: z.number().int().min(0).optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type NewOutboxEntry = Omit<OutboxEntry, 'id'>;

/** A video's sync: the session time at media time 0, the clock rate, and how it was found. */
const videoSyncSchema = z.object({
  offsetMs: z.number().finite(),
  rate: z.number().min(0.99).max(1.01),
  method: z.enum(['gpmf', 'creation-time', 'marks']),
});
export type StoredVideoSync = z.infer<typeof videoSyncSchema>;

/**
 * One on-board video of a session, copied into the Origin Private File System (`opfsName`, under the videos
 * folder) so it plays offline; the row keeps what the player needs without opening the file. Local only: a video
 * never goes to the server. Since schema version 3.
 */
export const videoRowSchema = z.object({
  id: z.number().int().positive(),
  sessionLocalId: z.number().int().positive(),
  opfsName: z.string().min(1),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().min(0),
  durationS: z.number().positive(),
  fps: z.number().positive(),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  /** The file's creation time (epoch ms) as stored, when it had one. */
  createdMs: z.number().finite().nullable(),
  sync: videoSyncSchema.nullable(),
  /** The racer's marks: media time of each marked lap's start/finish crossing. */
  marks: z.array(z.object({ lap: z.number().int().min(0), videoS: z.number().min(0) })).max(1000),
  addedAt: z.string(),
});
export type VideoRow = z.infer<typeof videoRowSchema>;
export type NewVideoRow = Omit<VideoRow, 'id'>;

/** The user snapshot kept so the installed app starts offline as the last signed-in user. */
export const profileRowSchema = z.object({
  userId: z.number().int().positive(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  savedAt: z.string(),
  /** The full user record from GET /users/{id} when it has been fetched. */
  user: z.unknown().nullable(),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

export const firmwareRowSchema = z.object({
  version: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().positive(),
  bytes,
  downloadedAt: z.string(),
});
export type FirmwareRow = z.infer<typeof firmwareRowSchema>;

export interface LeaderboardCacheRow {
  key: string;
  rows: unknown[];
  fetchedAt: string;
}

export interface TranslationsCacheRow {
  locale: string;
  rows: unknown[];
  fetchedAt: string;
}

/**
 * Another racer's lap kept as a reference lap (the lap slice the server served: its fixes timed from the lap's
 * start, its laps line, the circuit's gates), with its owner's name and lap time, for use offline. Keyed
 * `<viewer>:<session>:<lap>`; dropped once the server says its owner withdrew it. Since schema version 5.
 */
export const sharedLapRowSchema = z.object({
  key: z.string(),
  /** The signed-in user who fetched it (another account on this device never sees it). */
  viewerId: z.number().int().positive(),
  circuitId: z.number().int().positive(),
  slice: lapSliceSchema,
  fetchedAt: z.string(),
});
export type SharedLapRow = z.infer<typeof sharedLapRowSchema>;

/** @internal Exported for its tests. */
export const kvRowSchema = z.object({ key: z.string(), value: z.unknown() });
export type KvRow = z.infer<typeof kvRowSchema>;

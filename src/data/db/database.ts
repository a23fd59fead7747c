import Dexie, { type EntityTable, type Table } from 'dexie';
import type { Circuit, CircuitType, Country, VehicleCategory, VehicleType } from '../../contracts/entities';
import type {
  AnalysisCacheRow,
  FirmwareRow,
  KvRow,
  LeaderboardCacheRow,
  LocalSession,
  OutboxEntry,
  ProfileRow,
  SessionRowV1,
  SessionTextsRow,
  SharedLapRow,
  TranslationsCacheRow,
  VideoRow,
} from './rows';
import { redateSessions } from './redate-sessions';

/**
 * What is stored where (one IndexedDB database, `astro-companion`, through Dexie):
 * - sessions: every session of this device (metadata, sync state), indexed by owner+filename (the server's
 *   dedupe key, unique here too), sync state and server id.
 * - sessionTexts: the raw device texts (laps, NMEA) as UTF-8 ArrayBuffers, one row per session (since v2).
 * - analyses: the worker's cached analysis per session (kept apart so lists never load it).
 * - countries, circuits, circuitTypes, vehicleTypes, vehicleCategories: reference data (replaces the spec's
 *   sessionStorage caches so the app starts offline); their fetch times live in kv under 'ref:<table>'.
 * - firmware: downloaded binaries with their sha256; profile: the last signed-in user(s);
 *   leaderboards / translations: last answers seen; outbox: queued server writes; kv: small settings.
 * - videos: on-board videos of sessions (metadata and sync; the files themselves live in the Origin Private File
 *   System, see storage/opfs-files.ts) (since v3).
 * - sharedLaps: other racers' laps fetched as reference laps, kept for offline use until withdrawn (since v5).
 * sessionStorage keeps only the access token; localStorage only theme and locale (owned by the shell).
 *
 * Versions are only ever added (never edited once shipped); each has an upgrade test in
 * tests/unit/data/db-upgrade.test.ts.
 */
const DB_NAME = 'astro-companion';

export class AstroDb extends Dexie {
  sessions!: EntityTable<LocalSession, 'localId'>;
  sessionTexts!: Table<SessionTextsRow, number>;
  analyses!: Table<AnalysisCacheRow, number>;
  countries!: EntityTable<Country, 'id'>;
  circuits!: EntityTable<Circuit, 'id'>;
  circuitTypes!: EntityTable<CircuitType, 'id'>;
  vehicleTypes!: EntityTable<VehicleType, 'id'>;
  vehicleCategories!: EntityTable<VehicleCategory, 'id'>;
  firmware!: Table<FirmwareRow, string>;
  profile!: Table<ProfileRow, number>;
  leaderboards!: Table<LeaderboardCacheRow, string>;
  translations!: Table<TranslationsCacheRow, string>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  kv!: Table<KvRow, string>;
  videos!: EntityTable<VideoRow, 'id'>;
  sharedLaps!: Table<SharedLapRow, string>;

  constructor(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    defineVersions(this);
  }
}

/** Version 1: every table of the offline store (sessions, reference data, profile, sync queue). */
export const SCHEMA_V1 = {
  sessions: '++localId, &[ownerId+filename], ownerId, serverId, syncState, date',
  analyses: 'localId',
  countries: 'id, name',
  circuits: 'id, name, countryId, typeId',
  circuitTypes: 'id, name',
  vehicleTypes: 'id, name',
  vehicleCategories: 'id, name, vehicleTypeId',
  firmware: 'version',
  profile: 'userId',
  leaderboards: 'key',
  translations: 'locale',
  outbox: '++id, ownerId, kind, sessionLocalId, nextAttemptAt',
  kv: 'key',
} as const;

/**
 * Version 2: the raw texts move out of the session rows into `sessionTexts` (lists stopped loading megabytes),
 * session rows get `hasTexts`, outbox entries get the session's `filename`.
 */
export const SCHEMA_V2 = { ...SCHEMA_V1, sessionTexts: 'localId' } as const;

/** Version 3: on-board videos of sessions (rows here, files in OPFS). Nothing to move. */
export const SCHEMA_V3 = { ...SCHEMA_V2, videos: '++id, sessionLocalId' } as const;

/**
 * Version 4: a session's date is its first fix's instant; rows of older builds are dated again from their name in
 * the track's zone (redate-sessions.ts). No index changes.
 */
export const SCHEMA_V4 = { ...SCHEMA_V3 } as const;

/** Version 5: other racers' laps kept as reference laps (rows.ts sharedLapRowSchema). Nothing to move. */
export const SCHEMA_V5 = { ...SCHEMA_V4, sharedLaps: 'key, viewerId, [viewerId+circuitId]' } as const;

function defineVersions(db: Dexie): void {
  db.version(1).stores(SCHEMA_V1);
  db.version(2)
    .stores(SCHEMA_V2)
    .upgrade(async (tx) => {
      // One row at a time: a device may hold several 25 MB sessions, never load them all at once.
      const sessions = tx.table('sessions');
      const filenames = new Map<number, string>();
      const keys = (await sessions.toCollection().primaryKeys()) as number[];
      for (const key of keys) {
        const row = (await sessions.get(key)) as (Partial<SessionRowV1> & { hasTexts?: boolean }) | undefined;
        if (!row) continue;
        if (typeof row.filename === 'string') filenames.set(key, row.filename);
        const { laps, nmea, ...rest } = row;
        const hasTexts = laps instanceof ArrayBuffer && nmea instanceof ArrayBuffer;
        if (hasTexts) await tx.table('sessionTexts').put({ localId: key, laps, nmea });
        await sessions.put({ ...rest, hasTexts });
      }
      await tx
        .table('outbox')
        .toCollection()
        .modify((entry: { sessionLocalId?: number; filename?: string }) => {
          entry.filename = filenames.get(entry.sessionLocalId ?? -1) ?? '';
        });
    });
  db.version(3).stores(SCHEMA_V3);
  db.version(4)
    .stores(SCHEMA_V4)
    .upgrade((tx) => redateSessions(tx));
  db.version(5).stores(SCHEMA_V5);
}

let shared: AstroDb | null = null;
const outdatedListeners = new Set<() => void>();

/**
 * Fires when a newer build of the app (in another tab) upgrades the database: this tab's code is older than the
 * data now, so it must reload rather than write with an outdated schema (tldraw does the same). The shell shows
 * a 'reload' prompt.
 */
export function onDatabaseOutdated(listener: () => void): () => void {
  outdatedListeners.add(listener);
  return () => outdatedListeners.delete(listener);
}

/** The app's database (opened lazily on first use). Tests build their own `new AstroDb(uniqueName)`. */
export function getDb(): AstroDb {
  if (!shared) {
    const db = new AstroDb();
    db.on('versionchange', (ev: IDBVersionChangeEvent) => {
      // Dexie stores version * 10 in IndexedDB.
      if (ev.newVersion !== null && ev.newVersion > db.verno * 10) for (const l of outdatedListeners) l();
    });
    shared = db;
  }
  return shared;
}

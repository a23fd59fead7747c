import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AstroDb, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5 } from '../../../src/data/db/database';
import { onRowDropped, restoreRows, type DroppedRow } from '../../../src/data/db/restore';
import { fromStoredBytes } from '../../../src/data/repositories/bytes';
import { kvRowSchema, localSessionSchema, outboxEntrySchema, sessionTextsSchema } from '../../../src/data/db/rows';

const names: string[] = [];
const dbName = () => {
  const n = `upgrade-${Math.random()}`;
  names.push(n);
  return n;
};
afterEach(async () => {
  while (names.length) await Dexie.delete(names.pop()!);
});

const v1Session = (localId: number, filename: string, withTexts: boolean) => ({
  localId,
  ownerId: 7,
  filename,
  serverId: null,
  source: 'device',
  name: filename,
  date: '2026-04-12T10:30:00',
  circuitId: null,
  vehicleCategoryId: null,
  favorite: false,
  weatherConditions: null,
  laps: withTexts ? new TextEncoder().encode('1;1;60000;20000;20000;20000;90;40\n').buffer : null,
  nmea: withTexts ? new TextEncoder().encode('1;0;41.1;-8.1;50\n').buffer : null,
  lapsBytes: withTexts ? 34 : 0,
  nmeaBytes: withTexts ? 17 : 0,
  summary: null,
  syncState: 'Pending',
  lastError: null,
  updatedAt: '2026-04-12T10:30:00.000Z',
  serverUpdatedAt: null,
  createdAt: '2026-04-12T10:30:00.000Z',
});

describe('Dexie schema versions', () => {
  it('version 1 opens on an empty browser with every table of the offline store', async () => {
    const name = dbName();
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.open();
    expect(v1.tables.map((t) => t.name).sort()).toEqual(Object.keys(SCHEMA_V1).sort());
    await v1.table('kv').put({ key: 'k', value: 1 });
    expect(await v1.table('kv').get('k')).toEqual({ key: 'k', value: 1 });
    v1.close();
  });

  it('the current schema opens on an empty browser at the latest version', async () => {
    const db = new AstroDb(dbName());
    await db.open();
    expect(db.verno).toBe(5);
    expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(SCHEMA_V5).sort());
    db.close();
  });

  it('upgrading 1 -> 2 moves the texts out of the session rows and gives outbox entries their file name', async () => {
    const name = dbName();
    const v1 = new Dexie(name);
    v1.version(1).stores(SCHEMA_V1);
    await v1.open();
    await v1.table('sessions').bulkAdd([v1Session(1, '20260412_1030_Braga', true), v1Session(2, '20260413_0900_Braga', false)]);
    await v1.table('outbox').add({
      ownerId: 7, kind: 'create-session', sessionLocalId: 1, patch: null, serverId: null, attempts: 2, nextAttemptAt: 5, leaseUntil: 0, lastError: 'x', createdAt: 1,
    });
    await v1.table('countries').add({ id: 1, name: 'Portugal', timezone: 'Europe/Lisbon', createdAt: 'a', updatedAt: 'b' });
    v1.close();

    const db = new AstroDb(name);
    await db.open();
    const sessions = restoreRows('sessions', await db.sessions.toArray(), localSessionSchema);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.localId, s.hasTexts])).toEqual([[1, true], [2, false]]);
    expect(await db.sessions.get(1)).not.toHaveProperty('laps');
    const texts = restoreRows('sessionTexts', await db.sessionTexts.toArray(), sessionTextsSchema);
    expect(texts.map((t) => t.localId)).toEqual([1]);
    expect(new TextDecoder().decode(await fromStoredBytes(texts[0].nmea))).toBe('1;0;41.1;-8.1;50\n');
    const outbox = restoreRows('outbox', await db.outbox.toArray(), outboxEntrySchema);
    expect(outbox).toMatchObject([{ filename: '20260412_1030_Braga', attempts: 2, sessionLocalId: 1 }]);
    expect(await db.countries.get(1)).toMatchObject({ name: 'Portugal' });
    db.close();
  });

  it('upgrading 2 -> 3 keeps every row and adds an empty videos table', async () => {
    const name = dbName();
    const v2 = new Dexie(name);
    v2.version(2).stores(SCHEMA_V2);
    await v2.open();
    await v2.table('sessions').add({ ...v1Session(1, '20260412_1030_Braga', false), laps: undefined, nmea: undefined, hasTexts: false });
    v2.close();
    const db = new AstroDb(name);
    await db.open();
    expect(restoreRows('sessions', await db.sessions.toArray(), localSessionSchema).map((s) => s.filename)).toEqual(['20260412_1030_Braga']);
    expect(await db.videos.count()).toBe(0);
    db.close();
  });

  it('upgrading 4 -> 5 keeps every session, with no visibility chosen yet, and adds an empty table of kept reference laps', async () => {
    const name = dbName();
    const v4 = new Dexie(name);
    v4.version(4).stores(SCHEMA_V4);
    await v4.open();
    await v4.table('sessions').add({ ...v1Session(1, '20260412_1030_Braga', false), laps: undefined, nmea: undefined, hasTexts: false, date: '2026-04-12T09:30:00.000Z' });
    v4.close();
    const db = new AstroDb(name);
    await db.open();
    const [row] = restoreRows('sessions', await db.sessions.toArray(), localSessionSchema);
    expect(row.filename).toBe('20260412_1030_Braga');
    expect(row.visibility).toBeUndefined();
    expect(await db.sharedLaps.count()).toBe(0);
    expect(await db.sharedLaps.where('[viewerId+circuitId]').equals([7, 3]).count()).toBe(0);
    db.close();
  });
});

describe('upgrading 3 -> 4: every session dated again in its track zone', () => {
  const v3Row = (localId: number, over: Record<string, unknown>) => ({
    ...v1Session(localId, '20250801_1443_Road America FP1', false),
    laps: undefined,
    nmea: undefined,
    hasTexts: false,
    serverId: null,
    syncState: 'Completed',
    ...over,
  });
  const outboxRow = (sessionLocalId: number, kind: string, patch: object | null = null) => ({
    ownerId: 7, kind, sessionLocalId, filename: 'x', patch, serverId: null, attempts: 0, nextAttemptAt: 0, leaseUntil: 0, lastError: null, createdAt: 1,
  });

  it("dates each row from its name's minute in the zone at its first fix or its circuit, and queues the corrected date for the server", async () => {
    const name = dbName();
    const v3 = new Dexie(name);
    v3.version(3).stores(SCHEMA_V3);
    await v3.open();
    // Road America, imported near no known circuit and stored by a device set to UTC: 14:43 (CDT) read as UTC.
    const roadAmerica = new Blob(['0;0;43.7977660;-87.9897921;120.6\n0;40;43.7977720;-87.9897780;120.4\n']);
    await v3.table('sessions').bulkAdd([
      v3Row(1, { hasTexts: true, serverId: 21, date: '2025-08-01T14:43:00.000Z' }),
      // The same mistake on a row whose upload is still queued: the POST will carry the new date.
      v3Row(2, { filename: '20250801_1500_Road America FP2', hasTexts: true, syncState: 'Pending', date: '2025-08-01T15:00:00.000Z' }),
      // Downloaded at Braga with its circuit known: already right.
      v3Row(3, { filename: '20260412_1030_Kartodromo de Braga', circuitId: 5, serverId: 23, date: '2026-04-12T09:30:00.000Z' }),
      // A server row of a newer app (a first fix's instant), a name that is no device name, and an edit waiting.
      v3Row(4, { filename: '20250801_1443_Road America FP3', serverId: 24, date: '2025-08-01T19:43:33.680Z' }),
      v3Row(5, { filename: 'my track day', serverId: 25, date: '2025-08-01T14:43:00.000Z' }),
      v3Row(6, { filename: '20250801_1443_Road America FP1 (2)', hasTexts: true, serverId: 26, date: '2025-08-01T14:43:00.000Z' }),
    ]);
    await v3.table('sessionTexts').bulkAdd([1, 2, 6].map((localId) => ({ localId, laps: new Blob(['']), nmea: roadAmerica })));
    await v3.table('circuits').add({ id: 5, name: 'Kartodromo de Braga', coordinates: '41.5891;-8.4483', size: 12, country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' } });
    await v3.table('outbox').bulkAdd([outboxRow(2, 'create-session'), outboxRow(6, 'patch-session', { name: 'FP1 again' })]);
    v3.close();

    const db = new AstroDb(name);
    await db.open();
    const sessions = restoreRows('sessions', await db.sessions.toArray(), localSessionSchema);
    expect(sessions.map((s) => [s.localId, s.date, s.dateAccuracyMs ?? null, s.timeZone ?? null])).toEqual([
      [1, '2025-08-01T19:43:00.000Z', 60_000, 'America/Chicago'],
      [2, '2025-08-01T20:00:00.000Z', 60_000, 'America/Chicago'],
      [3, '2026-04-12T09:30:00.000Z', 60_000, 'Europe/Lisbon'],
      [4, '2025-08-01T19:43:33.680Z', null, null],
      [5, '2025-08-01T14:43:00.000Z', 60_000, null],
      [6, '2025-08-01T19:43:00.000Z', 60_000, 'America/Chicago'],
    ]);
    expect(sessions.find((s) => s.localId === 1)?.syncState).toBe('Pending');
    const outbox = restoreRows('outbox', await db.outbox.toArray(), outboxEntrySchema);
    expect(outbox.map((e) => [e.sessionLocalId, e.kind, e.patch])).toEqual([
      [2, 'create-session', null],
      [6, 'patch-session', { name: 'FP1 again', date: '2025-08-01T19:43:00.000Z' }],
      [1, 'patch-session', { date: '2025-08-01T19:43:00.000Z' }],
    ]);
    db.close();
  });
});

describe('restoring rows', () => {
  it('drops only the corrupt rows, keeps the others in order, and reports each dropped row', async () => {
    const dropped: DroppedRow[] = [];
    const off = onRowDropped((d) => dropped.push(d));
    const good = { ...v1Session(1, 'a', false), laps: undefined, nmea: undefined, hasTexts: false };
    const rows = [good, { ...good, localId: 2, syncState: 'Exploded' }, null, 'garbage', { ...good, localId: 3 }];
    const restored = restoreRows('sessions', rows, localSessionSchema);
    off();
    expect(restored.map((r) => r.localId)).toEqual([1, 3]);
    expect(dropped).toHaveLength(3);
    expect(dropped[0]).toMatchObject({ table: 'sessions', key: 2 });
    expect(dropped[0].reason).toContain('syncState');
  });

  it('a listener that throws does not stop the restore', () => {
    const off = onRowDropped(() => {
      throw new Error('boom');
    });
    const restored = restoreRows('kv', [{ nope: 1 }, { key: 'a', value: 1 }], kvRowSchema);
    off();
    expect(restored).toEqual([{ key: 'a', value: 1 }]);
  });
});

describe('an older tab', () => {
  it('is told when a newer build upgrades the database under it', async () => {
    const { getDb, onDatabaseOutdated } = await import('../../../src/data/db/database');
    const db = getDb();
    await db.open();
    let told = 0;
    const off = onDatabaseOutdated(() => told++);
    const newer = new Dexie(db.name);
    newer.version(6).stores({ ...SCHEMA_V5, extra: 'id' });
    await newer.open();
    expect(told).toBe(1);
    newer.close();
    off();
    await Dexie.delete(db.name);
  });
});

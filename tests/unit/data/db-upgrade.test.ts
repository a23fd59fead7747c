import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AstroDb, SCHEMA_V1, SCHEMA_V2, SCHEMA_V3 } from '../../../src/data/db/database';
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
    expect(db.verno).toBe(3);
    expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(SCHEMA_V3).sort());
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
    newer.version(4).stores({ ...SCHEMA_V3, extra: 'id' });
    await newer.open();
    expect(told).toBe(1);
    newer.close();
    off();
    await Dexie.delete(db.name);
  });
});

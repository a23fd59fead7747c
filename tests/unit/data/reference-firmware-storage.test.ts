import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/data/api/api-error';
import { AstroDb } from '../../../src/data/db/database';
import { createFirmwareRepository } from '../../../src/data/repositories/firmware-repository';
import { REFERENCE_MAX_AGE_MS, createReferenceRepository, type ReferenceFetchers } from '../../../src/data/repositories/reference-repository';
import { isQuotaError, toStorageError } from '../../../src/data/storage/storage-error';
import { getStorageStatus, requestPersistentStorage } from '../../../src/data/storage/storage-manager';

let db: AstroDb;
afterEach(async () => {
  await db?.delete();
});

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const country = (id: number, name: string) => ({ id, name, timezone: 'Europe/Lisbon', ...stamps });
const circuit = (id: number, name: string, coordinates: string) => ({
  id, userId: null, name, typeId: 1, countryId: 1, description: '', configuration: 'Regular' as const, direction: 'Clockwise' as const,
  length: 1000, coordinates, size: 10, type: { id: 1, name: 'Kart' }, country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' }, ...stamps,
});

function fetchers(overrides: Partial<ReferenceFetchers> = {}) {
  const calls: string[] = [];
  const f: ReferenceFetchers = {
    countries: async () => (calls.push('countries'), [country(2, 'Spain'), country(1, 'Portugal')]),
    circuits: async () => (calls.push('circuits'), [circuit(1, 'Braga', '41.1;-8.1'), circuit(2, 'No gates', '')]),
    circuitTypes: async () => (calls.push('circuitTypes'), [{ id: 1, name: 'Kart', ...stamps }]),
    vehicleTypes: async () => (calls.push('vehicleTypes'), [{ id: 1, name: 'Kart', ...stamps }]),
    vehicleCategories: async () => (calls.push('vehicleCategories'), [{ id: 1, name: 'Rotax', vehicleTypeId: 1, vehicleType: { id: 1, name: 'Kart' }, ...stamps }]),
    ...overrides,
  };
  return { f, calls };
}

describe('reference data repository', () => {
  it('stores every list in IndexedDB sorted by name, dropping circuits without coordinates', async () => {
    db = new AstroDb(`ref-${Math.random()}`);
    const { f } = fetchers();
    const repo = createReferenceRepository({ db: () => db, fetchers: f });
    expect(await repo.refreshAll()).toEqual({ failed: [] });
    expect((await repo.list('countries')).map((c) => c.name)).toEqual(['Portugal', 'Spain']);
    expect((await repo.list('circuits')).map((c) => c.name)).toEqual(['Braga']);
    expect(await repo.list('vehicleCategories')).toHaveLength(1);
  });

  it('reads every stored row back, circuits without coordinates included, for the names sessions show', async () => {
    db = new AstroDb(`ref-${Math.random()}`);
    const { f } = fetchers();
    const repo = createReferenceRepository({ db: () => db, fetchers: f });
    await repo.refreshAll();
    expect((await repo.stored('circuits')).map((c) => c.name).sort()).toEqual(['Braga', 'No gates']);
  });

  it('refetches only when older than the max age unless forced', async () => {
    db = new AstroDb(`ref-${Math.random()}`);
    let t = 1_000_000;
    const { f, calls } = fetchers();
    const repo = createReferenceRepository({ db: () => db, fetchers: f, now: () => t });
    await repo.refresh('countries');
    await repo.refresh('countries');
    expect(calls).toEqual(['countries']);
    await repo.refresh('countries', { force: true });
    t += REFERENCE_MAX_AGE_MS + 1;
    await repo.refresh('countries');
    expect(calls).toEqual(['countries', 'countries', 'countries']);
  });

  it('keeps the stored rows when a refetch fails offline and says which table failed', async () => {
    db = new AstroDb(`ref-${Math.random()}`);
    const ok = fetchers();
    await createReferenceRepository({ db: () => db, fetchers: ok.f }).refreshAll();
    const offline = fetchers({ countries: async () => Promise.reject(new ApiError('NETWORK', 'Failed to fetch')) });
    const repo = createReferenceRepository({ db: () => db, fetchers: offline.f });
    const { failed } = await repo.refreshAll({ force: true });
    expect(failed.map((x) => x.table)).toEqual(['countries']);
    expect((await repo.list('countries')).map((c) => c.name)).toEqual(['Portugal', 'Spain']);
  });

  it('drops a corrupt stored row and keeps the rest', async () => {
    db = new AstroDb(`ref-${Math.random()}`);
    const repo = createReferenceRepository({ db: () => db, fetchers: fetchers().f });
    await repo.refreshAll();
    await db.countries.put({ id: 9, name: 42 } as never);
    expect((await repo.list('countries')).map((c) => c.id)).toEqual([1, 2]);
  });
});

describe('firmware repository', () => {
  const bin = new Uint8Array([1, 2, 3, 4, 5]).buffer;
  const sha = createHash('sha256').update(new Uint8Array(bin)).digest('hex');
  const info = { version: '1.6.0', size: 5, sha256: sha, notes: 'faster fixes', createdAt: '2026-01-01' };

  it('downloads, checks the sha256 and keeps the binary; the second time it comes from IndexedDB', async () => {
    db = new AstroDb(`fw-${Math.random()}`);
    let downloads = 0;
    const repo = createFirmwareRepository({ db: () => db, api: { version: async () => info, download: async () => (downloads++, bin.slice(0)) } });
    const row = await repo.ensureDownloaded(await repo.latestInfo());
    expect(row).toMatchObject({ version: '1.6.0', sha256: sha, size: 5 });
    await repo.ensureDownloaded(info);
    expect(downloads).toBe(1);
    expect([...new Uint8Array((await repo.stored())!.bytes)]).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a binary whose hash does not match and stores nothing', async () => {
    db = new AstroDb(`fw-${Math.random()}`);
    const repo = createFirmwareRepository({ db: () => db, api: { version: async () => info, download: async () => new Uint8Array([9, 9, 9, 9, 9]).buffer } });
    await expect(repo.ensureDownloaded(info)).rejects.toMatchObject({ code: 'INTEGRITY' });
    expect(await repo.stored()).toBeNull();
  });

  it('answers the last known version offline', async () => {
    db = new AstroDb(`fw-${Math.random()}`);
    let online = true;
    const repo = createFirmwareRepository({
      db: () => db,
      api: { version: async () => (online ? info : Promise.reject(new ApiError('NETWORK', 'offline'))), download: async () => bin },
    });
    await repo.latestInfo();
    online = false;
    expect(await repo.latestInfo()).toEqual(info);
  });
});

describe('storage', () => {
  it('recognises quota errors however they are wrapped', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('x', { cause: new DOMException('full', 'QuotaExceededError') }))).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(toStorageError(new DOMException('full', 'QuotaExceededError'), 'the session').code).toBe('QUOTA_EXCEEDED');
  });

  it('requests persistence and reports usage against the quota', async () => {
    let persisted = false;
    const manager = {
      persisted: async () => persisted,
      persist: async () => (persisted = true),
      estimate: async () => ({ usage: 25, quota: 100 }),
    };
    expect(await requestPersistentStorage(manager)).toBe(true);
    expect(await getStorageStatus(manager)).toEqual({ supported: true, persisted: true, usageBytes: 25, quotaBytes: 100, usedFraction: 0.25 });
    expect(await getStorageStatus(undefined)).toMatchObject({ supported: false });
  });
});

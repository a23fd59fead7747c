import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createFirmwareApi } from '../../../src/data/api/firmware';
import { createHttpClient } from '../../../src/data/api/http-client';
import { AstroDb } from '../../../src/data/db/database';
import { createSessionGatesRepository } from '../../../src/data/repositories/session-gates-repository';
import { json, scriptedFetch } from './fake-server';

let db: AstroDb;
afterEach(async () => {
  await db?.delete();
});

describe('session gates repository', () => {
  it('keeps a session its own gates until they are deleted, and other sessions have none', async () => {
    db = new AstroDb(`gates-${Math.random()}`);
    const repo = createSessionGatesRepository({ db: () => db });
    const gates = [{ lat: 41.1, lon: -8.1 }, { lat: 41.2, lon: -8.2 }];
    await repo.put(7, gates, 12);
    expect(await repo.get(7)).toEqual({ gates, widthM: 12 });
    expect(await repo.get(8)).toBeNull();
    await repo.delete(7);
    expect(await repo.get(7)).toBeNull();
  });

  it('reads a corrupt stored entry as none, so the circuit gates apply again', async () => {
    db = new AstroDb(`gates-${Math.random()}`);
    const repo = createSessionGatesRepository({ db: () => db });
    await db.kv.put({ key: 'sessionGates:3', value: { gates: [{ lat: 200, lon: 0 }], widthM: 10 } });
    await db.kv.put({ key: 'sessionGates:4', value: 'not gates' });
    expect(await repo.get(3)).toBeNull();
    expect(await repo.get(4)).toBeNull();
  });
});

describe('firmware API upload', () => {
  it('posts the image and notes as multipart to /admin/firmware and returns the stored version', async () => {
    const version = { version: '1.2.3', size: 4, sha256: 'a'.repeat(64), notes: 'fix', createdAt: '2026-01-01T00:00:00.000Z' };
    const { fetchFn, requests } = scriptedFetch(() => json(201, version));
    const api = createFirmwareApi(createHttpClient({ fetchFn }));
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'astro.bin');
    expect(await api.upload(file, 'fix')).toEqual(version);
    expect(requests[0].url).toBe('/api/admin/firmware');
    expect(requests[0].method).toBe('POST');
    const form = requests[0].rawBody as FormData;
    expect(form.get('notes')).toBe('fix');
    expect((form.get('file') as File).name).toBe('astro.bin');
  });
});

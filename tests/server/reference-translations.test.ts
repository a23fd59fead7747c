import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/server-harness';
import { missingTranslationSchema, translationSchema, type MissingTranslation, type Translation } from '../../src/contracts/translations';
import { referenceTextKey } from '../../src/contracts/reference-text-keys';
import { seedReferenceData } from '../../server/db/seed';
import { countries as seedCountries } from '../../server/db/seed-data/countries';
import { circuits as seedCircuits } from '../../server/db/seed-data/circuits';

/**
 * Reference data display texts as translations: the seed writes pt-pt for every seeded row, Missing Translations
 * lists the rows with none (a new country at once), and a row's translations leave with it.
 */
let h: Harness;
const dt = (extra: Record<string, unknown> = {}) => ({ page: 0, pageSize: 50, sortBy: [], filterBy: [], ...extra });

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function overrides(): Promise<Translation[]> {
  const res = await h.inject({ method: 'GET', url: '/api/translations' });
  expect(res.statusCode).toBe(200);
  return (res.json() as unknown[]).map((r) => translationSchema.parse(r));
}
async function missing(): Promise<MissingTranslation[]> {
  const res = await h.inject({ method: 'GET', url: '/api/admin/translations/missing', headers: h.admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as unknown[]).map((r) => missingTranslationSchema.parse(r));
}
const ptValue = (list: Translation[], key: string) => list.find((o) => o.locale === 'pt-pt' && o.key === key)?.value;
const list = async <T>(url: string) => (await h.inject({ method: 'GET', url })).json() as T[];

describe('seeded reference data translations', () => {
  it('has a pt-pt text for every seeded country, type, category, circuit description and the firmware notes', async () => {
    const all = await overrides();
    const countryRows = await list<{ id: number; name: string }>('/api/countries');
    expect(countryRows.length).toBe(seedCountries.length);
    for (const c of countryRows) expect(ptValue(all, referenceTextKey('country', c.id, 'name')), c.name).toBeTruthy();
    const germany = countryRows.find((c) => c.name === 'Germany')!;
    expect(ptValue(all, referenceTextKey('country', germany.id, 'name'))).toBe('Alemanha');

    for (const [url, kind] of [
      ['/api/circuit-types', 'circuitType'],
      ['/api/vehicle-types', 'vehicleType'],
      ['/api/vehicle-categories', 'vehicleCategory'],
    ] as const) {
      const rows = await list<{ id: number; name: string }>(url);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(ptValue(all, referenceTextKey(kind, r.id, 'name')), `${kind} ${r.name}`).toBeTruthy();
    }
    const kart = (await list<{ id: number; name: string }>('/api/circuit-types')).find((t) => t.name === 'Kart')!;
    expect(ptValue(all, referenceTextKey('circuitType', kart.id, 'name'))).toBe('Kartódromo');

    const circuits = await list<{ id: number; name: string; description: string }>('/api/circuits');
    expect(circuits.length).toBe(seedCircuits.length);
    for (const c of circuits) {
      const pt = ptValue(all, referenceTextKey('circuit', c.id, 'description'));
      expect(pt, c.name).toBe(seedCircuits.find((s) => s.name === c.name)?.descriptionPt);
    }

    const firmware = (await h.inject({ method: 'GET', url: '/api/firmware/version', headers: h.racer.headers })).json() as { version: string; notes: string };
    expect(firmware.notes).not.toBe('');
    expect(ptValue(all, referenceTextKey('firmware', firmware.version, 'notes'))).toMatch(/cronometragem/);
  });

  it('leaves Missing Translations without reference rows on a freshly seeded install', async () => {
    expect((await missing()).filter((m) => m.key.startsWith('ref:'))).toEqual([]);
  });

  it('seeds again without duplicating, overwriting an edit or bringing back a deleted translation', async () => {
    const spain = (await list<{ id: number; name: string }>('/api/countries')).find((c) => c.name === 'Spain')!;
    const italy = (await list<{ id: number; name: string }>('/api/countries')).find((c) => c.name === 'Italy')!;
    const before = await overrides();
    const spainRow = before.find((o) => o.locale === 'pt-pt' && o.key === referenceTextKey('country', spain.id, 'name'))!;
    const italyRow = before.find((o) => o.locale === 'pt-pt' && o.key === referenceTextKey('country', italy.id, 'name'))!;
    const edit = await h.inject({
      method: 'PUT',
      url: `/api/admin/translations/${spainRow.id}`,
      headers: h.admin.headers,
      payload: { locale: 'pt-pt', key: spainRow.key, value: 'Reino de Espanha' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/translations/${italyRow.id}`, headers: h.admin.headers })).statusCode).toBe(204);

    await seedReferenceData(h.app.db);
    const after = await overrides();
    expect(after.length).toBe(before.length - 1);
    expect(ptValue(after, spainRow.key)).toBe('Reino de Espanha');
    expect(ptValue(after, italyRow.key)).toBeUndefined();
    // Italy now has no Portuguese name: it is listed, with the English text to translate.
    expect((await missing()).filter((m) => m.key.startsWith('ref:'))).toEqual([
      expect.objectContaining({ locale: 'pt-pt', key: italyRow.key, source: 'Italy', count: 0 }),
    ]);
    const fixed = await h.inject({ method: 'POST', url: '/api/admin/translations', headers: h.admin.headers, payload: { locale: 'pt-pt', key: italyRow.key, value: 'Itália' } });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect((await missing()).filter((m) => m.key.startsWith('ref:'))).toEqual([]);
  });
});

describe('reference rows added and removed by an admin', () => {
  it('lists a new country as missing until it is translated, and drops its keys when it is deleted', async () => {
    const created = await h.inject({ method: 'POST', url: '/api/admin/countries', headers: h.admin.headers, payload: { name: 'Freedonia', timezone: 'Europe/Lisbon' } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const key = referenceTextKey('country', id, 'name');

    expect((await missing()).filter((m) => m.key === key)).toEqual([expect.objectContaining({ locale: 'pt-pt', source: 'Freedonia' })]);
    // The data table the admin screen reads finds it too, by its English text.
    const table = await h.inject({
      method: 'POST',
      url: '/api/admin/translations/missing/datatable',
      headers: h.admin.headers,
      payload: dt({ filterBy: [{ field: 'source', value: 'freedonia', type: 'text', matchMode: 'contains' }] }),
    });
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json()).toMatchObject({ totalRecords: 1, data: [{ key, locale: 'pt-pt', source: 'Freedonia' }] });

    // Renaming keeps the key (the id does not change).
    const renamed = await h.inject({ method: 'PUT', url: `/api/admin/countries/${id}`, headers: h.admin.headers, payload: { name: 'Fredonia', timezone: 'Europe/Lisbon' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await missing()).find((m) => m.key === key)?.source).toBe('Fredonia');

    const translated = await h.inject({ method: 'POST', url: '/api/admin/translations', headers: h.admin.headers, payload: { locale: 'pt-pt', key, value: 'Fredónia' } });
    expect(translated.statusCode, translated.body).toBe(201);
    expect((await missing()).some((m) => m.key === key)).toBe(false);
    expect(ptValue(await overrides(), key)).toBe('Fredónia');

    expect((await h.inject({ method: 'DELETE', url: `/api/admin/countries/${id}`, headers: h.admin.headers })).statusCode).toBe(204);
    expect(ptValue(await overrides(), key)).toBeUndefined();
    expect((await missing()).some((m) => m.key === key)).toBe(false);
  });

  it('lists a deleted row as missing no more, even when it was never translated', async () => {
    const created = await h.inject({ method: 'POST', url: '/api/admin/vehicle-types', headers: h.admin.headers, payload: { name: 'Hovercraft' } });
    const { id } = created.json() as { id: number };
    const key = referenceTextKey('vehicleType', id, 'name');
    expect((await missing()).some((m) => m.key === key)).toBe(true);
    expect((await h.inject({ method: 'DELETE', url: `/api/admin/vehicle-types/${id}`, headers: h.admin.headers })).statusCode).toBe(204);
    expect((await missing()).some((m) => m.key === key)).toBe(false);
  });

  it('asks for a circuit description only when there is one, and never for the default language', async () => {
    const [country] = await list<{ id: number }>('/api/countries');
    const [type] = await list<{ id: number }>('/api/circuit-types');
    const make = (name: string, description: string) =>
      h.inject({
        method: 'POST',
        url: '/api/admin/circuits',
        headers: h.admin.headers,
        payload: { name, typeId: type.id, countryId: country.id, description, configuration: 'Regular', direction: 'Clockwise', length: 1000, coordinates: '38.7;-9.1', size: 12 },
      });
    const bare = await make('No Words Raceway', '');
    const told = await make('Storied Raceway', 'A storied place.');
    expect(bare.statusCode, bare.body).toBe(201);
    expect(told.statusCode, told.body).toBe(201);
    const keys = (await missing()).map((m) => `${m.locale} ${m.key}`);
    expect(keys).toContain(`pt-pt ${referenceTextKey('circuit', (told.json() as { id: number }).id, 'description')}`);
    expect(keys).not.toContain(`pt-pt ${referenceTextKey('circuit', (bare.json() as { id: number }).id, 'description')}`);
    expect(keys.some((k) => k.startsWith('en-us ref:'))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/server-harness';
import { MISSING_REPORTS_PER_DAY } from '../../server/routes/translations';
import { MISSING_PER_SOURCE } from '../../server/translations/translation-store';
import { UI_NAMESPACES } from '../../src/contracts/ui-namespaces';
import { namespaces } from '../unit/app/all-texts';

/**
 * Anonymous missing-translation reports cannot fill the table: 26 reports of 200 made-up keys from one address in
 * 0.7 s used to fill all 5,000 rows, and every real report after that was dropped. Now: only keys of the app's
 * namespaces, at most MISSING_PER_SOURCE new rows from one address, MISSING_REPORTS_PER_DAY reports a day from it,
 * and admins delete reported rows in bulk.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const report = (keys: string[], remoteAddress: string, locale = 'pt-pt') => h.inject({ method: 'POST', url: '/api/translations/missing', remoteAddress, payload: { locale, keys } });
const stored = async (like: string) => (await h.app.db.query<{ key: string }>('select key from missing_translations where key like $1 order by key', [like])).map((r) => r.key);

describe('missing-translation reports', () => {
  it("the contract's namespaces are the app's", () => {
    expect([...UI_NAMESPACES].sort()).toEqual(Object.keys(namespaces).sort());
  });

  it('keep only keys of the app\'s namespaces', async () => {
    expect((await report(['zzz:made.up.1', 'nonamespace.key.1', 'sessions:made.up.1', ':x', 'admin:'], '10.1.0.1')).statusCode).toBe(204);
    expect(await stored('%made.up.1')).toEqual(['sessions:made.up.1']);
    expect(await stored('zzz:%')).toEqual([]);
  });

  it('keep at most MISSING_PER_SOURCE new keys from one address, while another address is still heard', async () => {
    for (let r = 0; r < 3; r++) {
      const keys = Array.from({ length: 200 }, (_, i) => `app:flood.k${r}_${i}`);
      expect((await report(keys, '10.1.0.2')).statusCode).toBe(204);
    }
    expect((await stored('app:flood.%')).length).toBe(MISSING_PER_SOURCE);
    expect((await report(['auth:real.missing.key'], '10.1.0.3')).statusCode).toBe(204);
    expect(await stored('auth:real.missing.key')).toEqual(['auth:real.missing.key']);
  });

  it('take at most MISSING_REPORTS_PER_DAY reports a day from one address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let last = null as Awaited<ReturnType<typeof report>> | null;
    for (let i = 0; i < MISSING_REPORTS_PER_DAY + 2; i++) {
      last = await report([`app:daily.k${i}`], '10.1.0.4');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, MISSING_REPORTS_PER_DAY)).toEqual(Array.from({ length: MISSING_REPORTS_PER_DAY }, () => 204));
    expect(statuses.slice(MISSING_REPORTS_PER_DAY)).toEqual([429, 429]);
    expect(last!.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many missing-translation reports from this address today.', messageId: 'tooManyMissingReports' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(80_000);
  });

  it('are deleted by an admin in bulk: chosen rows, or every reported row (reference data rows stay)', async () => {
    const del = (payload: object, headers = h.admin.headers) => h.inject({ method: 'POST', url: '/api/admin/translations/missing/delete', headers, payload });
    expect((await del({}, h.racer.headers)).statusCode).toBe(403);
    const ids = (await h.app.db.query<{ id: number }>("select id from missing_translations where key like 'app:flood.%' order by id limit 10")).map((r) => r.id);
    const some = await del({ ids });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ deleted: 10 });
    expect((await stored('app:flood.%')).length).toBe(MISSING_PER_SOURCE - 10);
    // A new country's name is missing in Portuguese at once (a reference data row, not a report).
    expect((await h.inject({ method: 'POST', url: '/api/admin/countries', headers: h.admin.headers, payload: { name: `Utopia ${Date.now()}`, timezone: 'Europe/Lisbon' } })).statusCode).toBe(201);
    await h.inject({ method: 'GET', url: '/api/admin/translations/missing', headers: h.admin.headers });
    const refRows = (await stored('ref:%')).length;
    expect(refRows).toBeGreaterThan(0);
    const all = await del({});
    expect(all.statusCode).toBe(200);
    expect(await stored('app:%')).toEqual([]);
    expect(await stored('sessions:%')).toEqual([]);
    expect((await stored('ref:%')).length).toBe(refRows);
    expect((await del({ ids: [] })).statusCode).toBe(400);
  });
});

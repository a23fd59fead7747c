import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { lapsText, nmeaText, sessionPayload, trackText } from '../helpers/session-fixtures';

/**
 * A racer saves the start/finish of a track near no known circuit as their own circuit: only they see it in the
 * circuit list (and so only their imports are timed with it) until an admin promotes it to reference data, which
 * everyone sees, signed in or not.
 */
let h: Harness;
let typeId = 0;
let countryId = 0;
const uniq = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  h = await createHarness();
  typeId = ((await h.inject({ method: 'GET', url: '/api/circuit-types' })).json() as Array<{ id: number }>)[0].id;
  countryId = ((await h.inject({ method: 'GET', url: '/api/countries' })).json() as Array<{ id: number }>)[0].id;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const listed = async (who: Actor | null) =>
  ((await h.inject({ method: 'GET', url: '/api/circuits', headers: who ? who.headers : {} })).json() as Array<{ id: number; isPublic?: boolean }>).map((c) => c.id);

/** Rows of the public circuits table (the circuits screen) with this name. */
async function inDatatable(name: string): Promise<number> {
  const res = await h.inject({ method: 'POST', url: '/api/circuits/datatable', payload: { page: 0, pageSize: 50, filterBy: [{ field: 'name', value: name, type: 'text', matchMode: 'equals' }] } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: unknown[] }).data.length;
}

describe("racers' own circuits", () => {
  it('are listed to their racer only, until an admin promotes one; then everyone sees it', async () => {
    const name = `Club track ${uniq()}`;
    const saved = await h.inject({ method: 'POST', url: '/api/circuits/mine', headers: h.racer.headers, payload: { name, typeId, countryId, coordinates: '38.7369;-9.1427', size: 15, length: 1180 } });
    expect(saved.statusCode).toBe(201);
    const circuit = saved.json() as { id: number; userId: number; isPublic: boolean; name: string; coordinates: string; size: number; length: number };
    expect(circuit).toMatchObject({ name, isPublic: false, userId: h.racer.id, coordinates: '38.7369;-9.1427', size: 15, length: 1180 });

    expect(await listed(h.racer)).toContain(circuit.id);
    expect(await listed(h.other)).not.toContain(circuit.id);
    expect(await listed(null)).not.toContain(circuit.id);
    expect(await listed(h.admin)).not.toContain(circuit.id);
    // A stale token on the public list is simply anonymous, never a 401.
    const stale = await h.inject({ method: 'GET', url: '/api/circuits', headers: { authorization: 'Bearer not-a-real-token-at-all' } });
    expect(stale.statusCode).toBe(200);
    expect(await inDatatable(name)).toBe(0);

    // The admin sees it among the circuits awaiting review, and promotes it.
    const review = (await h.inject({ method: 'GET', url: '/api/admin/circuits/user', headers: h.admin.headers })).json() as Array<{ id: number }>;
    expect(review.map((c) => c.id)).toContain(circuit.id);
    const promoted = await h.inject({ method: 'POST', url: `/api/admin/circuits/${circuit.id}/promote`, headers: h.admin.headers });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: circuit.id, isPublic: true });
    expect(await listed(null)).toContain(circuit.id);
    expect(await inDatatable(name)).toBe(1);
    expect(await listed(h.other)).toContain(circuit.id);
    const after = (await h.inject({ method: 'GET', url: '/api/admin/circuits/user', headers: h.admin.headers })).json() as Array<{ id: number }>;
    expect(after.map((c) => c.id)).not.toContain(circuit.id);
  });

  it('refuses a circuit with bad coordinates or an unknown country, and a promotion of no circuit', async () => {
    const bad = await h.inject({ method: 'POST', url: '/api/circuits/mine', headers: h.racer.headers, payload: { name: 'Bad', typeId, countryId, coordinates: 'here', size: 15 } });
    expect(bad.statusCode).toBe(400);
    const unknown = await h.inject({ method: 'POST', url: '/api/circuits/mine', headers: h.racer.headers, payload: { name: 'Nowhere', typeId, countryId: 999_999, coordinates: '1;1', size: 15 } });
    expect(unknown.statusCode).toBe(400);
    const missing = await h.inject({ method: 'POST', url: '/api/admin/circuits/999999/promote', headers: h.admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe("another racer's own circuit", () => {
  it('is never shown to another racer: not in the circuit list, not by id, not in any leaderboard, not usable for a session', async () => {
    const name = `Private track ${uniq()}`;
    const saved = await h.inject({ method: 'POST', url: '/api/circuits/mine', headers: h.racer.headers, payload: { name, typeId, countryId, coordinates: '38.7369;-9.1427', size: 15, length: 1180 } });
    expect(saved.statusCode).toBe(201);
    const circuitId = (saved.json() as { id: number }).id;
    const session = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: h.racer.headers,
      payload: sessionPayload({ filename: `20260101_1030_Private ${uniq()}`, laps: lapsText([61_000, 60_500]), coordinates: trackText('38.7369;-9.1427', 20_000), circuitId, date: '2026-05-01T10:00:00.000Z' }),
    });
    expect(session.statusCode, session.body).toBe(201);

    const board = async (who: Actor, body: Record<string, unknown>) => {
      const res = await h.inject({ method: 'POST', url: '/api/leaderboards', headers: who.headers, payload: { limit: 10, ...body } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { rows: Array<{ circuitId: number; circuitName: string }> }).rows;
    };
    const byId = (who: Actor | null) => h.inject({ method: 'GET', url: `/api/circuits/${circuitId}`, headers: who ? who.headers : {} });

    // Its racer sees it everywhere.
    expect((await byId(h.racer)).statusCode).toBe(200);
    expect((await board(h.racer, { circuitId })).map((r) => r.circuitId)).toEqual([circuitId]);
    expect((await board(h.racer, { countryId })).map((r) => r.circuitId)).toContain(circuitId);

    // Another racer, or no one signed in, sees nothing of it.
    expect(await listed(h.other)).not.toContain(circuitId);
    expect((await byId(h.other)).statusCode).toBe(404);
    expect((await byId(null)).statusCode).toBe(404);
    expect(await board(h.other, { circuitId })).toEqual([]);
    for (const filters of [{}, { countryId }, { circuitTypeId: typeId }, { countryId, circuitTypeId: typeId }]) {
      const rows = await board(h.other, filters);
      expect(rows.map((r) => r.circuitId)).not.toContain(circuitId);
      expect(rows.map((r) => r.circuitName)).not.toContain(name);
    }
    // Nor can they time a session of theirs on it (its name would then show in their library).
    const theirs = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: h.other.headers,
      payload: sessionPayload({ filename: `20260101_1031_Other ${uniq()}`, laps: lapsText([61_000]), coordinates: nmeaText(20), circuitId, date: '2026-05-01T10:00:00.000Z' }),
    });
    expect(theirs.statusCode).toBe(400);

    // The admin reviewing it may open it.
    expect((await byId(h.admin)).statusCode).toBe(200);
  });
});

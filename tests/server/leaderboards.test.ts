import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { lapsText, sessionPayload, trackText } from '../helpers/session-fixtures';
import { competitionRanks, driverName } from '../../server/leaderboards/leaderboard-store';
import { leaderboardResponseSchema, type LeaderboardRow } from '../../src/contracts/leaderboard';

/** POST /api/leaderboards: ranking, ties, invalid laps, filters, one row per driver, optimal lap. */
let h: Harness;
const ids = { countryA: 0, countryB: 0, typeKart: 0, typeCar: 0, circuitA1: 0, circuitA2: 0, circuitB: 0, vt: 0, catSenior: 0, catJunior: 0 };
/** The start/finish of every circuit of this file. */
const GATE = '41.1;-8.1';
const uniq = () => Math.random().toString(36).slice(2, 8);
let fileCounter = 0;

async function admin(method: 'POST', url: string, payload: unknown): Promise<number> {
  const res = await h.inject({ method, url, headers: h.admin.headers, payload: payload as object });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Uploads a session of `who` with these lap times (ms; 0 = invalid lap) and returns its id. */
async function upload(who: Actor, lapTimes: number[], over: { circuitId: number; vehicleCategoryId?: number | null; date?: string }): Promise<number> {
  fileCounter += 1;
  const res = await h.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: who.headers,
    payload: sessionPayload({
      filename: `20260101_${String(1000 + fileCounter).slice(-4)}_LB ${fileCounter}`,
      laps: lapsText(lapTimes),
      // Positions that cross the start/finish of every circuit here (all share it): a leaderboard ranks no lap without.
      coordinates: trackText(GATE, 20_000),
      circuitId: over.circuitId,
      vehicleCategoryId: over.vehicleCategoryId ?? ids.catSenior,
      date: over.date ?? '2026-05-01T10:00:00.000Z',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function board(who: Actor, body: Record<string, unknown>): Promise<LeaderboardRow[]> {
  const res = await h.inject({ method: 'POST', url: '/api/leaderboards', headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardResponseSchema.parse(res.json()).rows;
}

let ana: Actor, bruno: Actor, carla: Actor, duarte: Actor, eva: Actor;

beforeAll(async () => {
  h = await createHarness();
  ids.countryA = await admin('POST', '/api/admin/countries', { name: `Lusitania ${uniq()}`, timezone: 'Europe/Lisbon' });
  ids.countryB = await admin('POST', '/api/admin/countries', { name: `Iberia ${uniq()}`, timezone: 'Europe/Madrid' });
  ids.typeKart = await admin('POST', '/api/admin/circuit-types', { name: `Kart ${uniq()}` });
  ids.typeCar = await admin('POST', '/api/admin/circuit-types', { name: `Car ${uniq()}` });
  const circuit = (name: string, countryId: number, typeId: number) =>
    admin('POST', '/api/admin/circuits', { name, countryId, typeId, length: 1000, coordinates: '41.1;-8.1;41.2;-8.2', size: 10 });
  ids.circuitA1 = await circuit(`A1 ${uniq()}`, ids.countryA, ids.typeKart);
  ids.circuitA2 = await circuit(`A2 ${uniq()}`, ids.countryA, ids.typeCar);
  ids.circuitB = await circuit(`B ${uniq()}`, ids.countryB, ids.typeKart);
  ids.vt = await admin('POST', '/api/admin/vehicle-types', { name: `Kart ${uniq()}` });
  ids.catSenior = await admin('POST', '/api/admin/vehicle-categories', { name: 'Senior', vehicleTypeId: ids.vt });
  ids.catJunior = await admin('POST', '/api/admin/vehicle-categories', { name: 'Junior', vehicleTypeId: ids.vt });

  ana = await h.createUser({ firstName: 'Ana' });
  bruno = await h.createUser({ firstName: 'Bruno' });
  carla = await h.createUser({ firstName: 'Carla' });
  duarte = await h.createUser({ firstName: 'Duarte' });
  eva = await h.createUser({ firstName: 'Eva' });
  await h.app.db.query("update users set last_name = 'silva' where id = $1", [ana.id]);
  await h.app.db.query("update users set last_name = '' where id = $1", [eva.id]);

  // Circuit A1 (country A, kart), Senior unless said otherwise.
  await upload(ana, [62_000, 61_500, 63_000], { circuitId: ids.circuitA1, date: '2026-05-02T10:00:00.000Z' });
  await upload(ana, [61_900, 61_800], { circuitId: ids.circuitA1 }); // slower than her best: not a second row
  await upload(bruno, [61_500, 64_000], { circuitId: ids.circuitA1, date: '2026-05-01T09:00:00.000Z' }); // ties Ana, earlier
  await upload(carla, [0, 0, 60_000], { circuitId: ids.circuitA1, vehicleCategoryId: ids.catJunior }); // fastest, after invalid laps
  await upload(duarte, [0, 0], { circuitId: ids.circuitA1 }); // only invalid laps: never ranked
  await upload(eva, [62_500], { circuitId: ids.circuitA1 });
  // Circuit A2 (country A, car) and B (country B, kart).
  await upload(duarte, [90_000, 89_000], { circuitId: ids.circuitA2 });
  await upload(eva, [55_000], { circuitId: ids.circuitB });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('leaderboard ranking', () => {
  it('ranks one row per driver by best valid lap, ties sharing a position, with gap and optimal lap', async () => {
    const rows = await board(h.racer, { circuitId: ids.circuitA1, limit: 10 });
    expect(rows.map((r) => [r.position, r.driver, r.bestLapMs, r.gapMs])).toEqual([
      [1, 'Carla T.', 60_000, 0],
      // Bruno and Ana tie on 61.500: same position, Bruno first (set it earlier); the next position is 4.
      [2, 'Bruno T.', 61_500, 1_500],
      [2, 'Ana S.', 61_500, 1_500],
      [4, 'Eva', 62_500, 2_500],
    ]);
    const carlaRow = rows[0];
    expect(carlaRow.vehicleCategory).toBe('Junior');
    expect(carlaRow.circuitId).toBe(ids.circuitA1);
    // Optimal lap: Carla's only valid lap is 60.000 with sectors from lapsText.
    expect(carlaRow.optimalLapMs).toBe(60_000);
    // Ana's session: laps 62.000 / 61.500 / 63.000 -> best sectors of those three laps.
    const s1 = Math.min(...[62_000, 61_500, 63_000].map((t) => Math.round(t * 0.3)));
    const s2 = Math.min(...[62_000, 61_500, 63_000].map((t) => Math.round(t * 0.35)));
    const s3 = Math.min(...[62_000, 61_500, 63_000].map((t) => t - Math.round(t * 0.3) - Math.round(t * 0.35)));
    expect(rows[2].optimalLapMs).toBe(s1 + s2 + s3);
    expect(rows[2].date).toBe('2026-05-02T12:00:00.000Z');
    expect(rows.some((r) => r.userId === duarte.id)).toBe(false);
  });

  it('Top 3 keeps every driver tied at the cut-off and Top 10 is the default', async () => {
    const top3 = await board(h.racer, { circuitId: ids.circuitA1, limit: 3 });
    expect(top3.map((r) => r.position)).toEqual([1, 2, 2]);
    const top1Tie = await board(h.racer, { circuitId: ids.circuitA1, vehicleCategoryId: ids.catSenior, limit: 3 });
    expect(top1Tie.map((r) => [r.position, r.driver])).toEqual([
      [1, 'Bruno T.'],
      [1, 'Ana S.'],
      [3, 'Eva'],
    ]);
    expect(await board(h.racer, { circuitId: ids.circuitA1 })).toHaveLength(4);
  });

  it('filters by country, circuit type and vehicle category', async () => {
    const countryB = await board(h.racer, { countryId: ids.countryB });
    expect(countryB.map((r) => r.driver)).toEqual(['Eva']);
    const countryA = await board(h.racer, { countryId: ids.countryA, limit: 10 });
    expect(countryA.map((r) => r.driver)).toEqual(['Carla T.', 'Bruno T.', 'Ana S.', 'Eva', 'Duarte T.']);
    const carType = await board(h.racer, { circuitTypeId: ids.typeCar });
    expect(carType.map((r) => [r.driver, r.bestLapMs])).toEqual([['Duarte T.', 89_000]]);
    const junior = await board(h.racer, { vehicleCategoryId: ids.catJunior });
    expect(junior.map((r) => r.driver)).toEqual(['Carla T.']);
    const kartInA = await board(h.racer, { countryId: ids.countryA, circuitTypeId: ids.typeKart, vehicleCategoryId: ids.catSenior });
    expect(kartInA.map((r) => r.driver)).toEqual(['Bruno T.', 'Ana S.', 'Eva']);
  });

  it('ranks laps within their own circuit without a circuit filter, listing each circuit with its leaders', async () => {
    // Country A: circuit A1 then A2 (name order); Duarte leads A2 on his own, whatever A1's times are.
    const countryA = await board(h.racer, { countryId: ids.countryA, limit: 10 });
    expect(countryA.map((r) => [r.circuitId, r.position, r.driver, r.gapMs])).toEqual([
      [ids.circuitA1, 1, 'Carla T.', 0],
      [ids.circuitA1, 2, 'Bruno T.', 1_500],
      [ids.circuitA1, 2, 'Ana S.', 1_500],
      [ids.circuitA1, 4, 'Eva', 2_500],
      [ids.circuitA2, 1, 'Duarte T.', 0],
    ]);
    // Kart circuits, Top 3 each: Eva's 55.000 on B leads B and does not push A1's drivers down.
    const kart = await board(h.racer, { circuitTypeId: ids.typeKart, limit: 3 });
    expect(kart.map((r) => [r.circuitId, r.position, r.driver, r.bestLapMs])).toEqual([
      [ids.circuitA1, 1, 'Carla T.', 60_000],
      [ids.circuitA1, 2, 'Bruno T.', 61_500],
      [ids.circuitA1, 2, 'Ana S.', 61_500],
      [ids.circuitB, 1, 'Eva', 55_000],
    ]);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await board(h.racer, { circuitId: ids.circuitB, vehicleCategoryId: ids.catJunior })).toEqual([]);
  });

  it('drops deactivated drivers and deleted sessions', async () => {
    const s = await upload(h.other, [50_000], { circuitId: ids.circuitB });
    expect((await board(h.racer, { circuitId: ids.circuitB }))[0].userId).toBe(h.other.id);
    await h.app.db.query('update users set active = false where id = $1', [h.other.id]);
    expect((await board(h.racer, { circuitId: ids.circuitB })).map((r) => r.driver)).toEqual(['Eva']);
    await h.app.db.query('update users set active = true where id = $1', [h.other.id]);
    const del = await h.inject({ method: 'DELETE', url: `/api/sessions/${s}`, headers: h.other.headers });
    expect(del.statusCode).toBe(204);
    expect((await board(h.racer, { circuitId: ids.circuitB })).map((r) => r.driver)).toEqual(['Eva']);
  });

  it('follows a session moved to another circuit and category', async () => {
    const moved = await upload(carla, [70_000], { circuitId: ids.circuitB, vehicleCategoryId: ids.catJunior });
    expect((await board(h.racer, { circuitId: ids.circuitB })).map((r) => r.driver)).toContain('Carla T.');
    const res = await h.inject({
      method: 'PATCH',
      url: `/api/sessions/${moved}`,
      headers: carla.headers,
      payload: { circuitId: ids.circuitA2, vehicleCategoryId: ids.catSenior },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await board(h.racer, { circuitId: ids.circuitB })).map((r) => r.driver)).not.toContain('Carla T.');
    const a2 = await board(h.racer, { circuitId: ids.circuitA2, vehicleCategoryId: ids.catSenior });
    expect(a2.map((r) => [r.driver, r.bestLapMs, r.vehicleCategory])).toEqual([
      ['Carla T.', 70_000, 'Senior'],
      ['Duarte T.', 89_000, 'Senior'],
    ]);
  });

  it("follows a session whose laps were re-timed on the device and sent whole again (PUT), also to a slower best", async () => {
    const circuitId = await admin('POST', '/api/admin/circuits', { name: `Retimed ${uniq()}`, countryId: ids.countryA, typeId: ids.typeKart, length: 900, coordinates: GATE, size: 10 });
    const id = await upload(carla, [0, 94_190, 95_020], { circuitId });
    expect((await board(h.racer, { circuitId })).map((r) => [r.driver, r.bestLapMs])).toEqual([['Carla T.', 94_190]]);
    const full = await h.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: carla.headers });
    const stored = full.json() as { filename: string; name: string; date: string; coordinates: string };
    const put = await h.inject({
      method: 'PUT',
      url: `/api/sessions/${id}`,
      headers: carla.headers,
      payload: sessionPayload({ filename: stored.filename, name: stored.name, date: stored.date, coordinates: stored.coordinates, laps: lapsText([0, 94_200, 95_010]), circuitId, vehicleCategoryId: ids.catSenior }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id, bestLapMs: 94_200 });
    expect((await board(h.racer, { circuitId })).map((r) => [r.driver, r.bestLapMs, r.sessionId])).toEqual([['Carla T.', 94_200, id]]);
  });

  it('walks past many sessions of one fast driver to find the others', async () => {
    const fast = await h.createUser({ firstName: 'Fast' });
    const circuitId = await admin('POST', '/api/admin/circuits', { name: `Many ${uniq()}`, countryId: ids.countryA, typeId: ids.typeKart, length: 900, coordinates: GATE, size: 10 });
    for (let i = 0; i < 70; i++) await upload(fast, [40_000 + i], { circuitId });
    await upload(bruno, [45_000], { circuitId });
    const rows = await board(h.racer, { circuitId, limit: 3 });
    expect(rows.map((r) => [r.driver, r.bestLapMs])).toEqual([
      ['Fast T.', 40_000],
      ['Bruno T.', 45_000],
    ]);
  }, 120_000);
});

describe('leaderboard request', () => {
  it('requires a signed-in caller', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/leaderboards', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('rejects unknown fields and limits other than 3 and 10', async () => {
    for (const payload of [{ limit: 5 }, { circuitId: -1 }, { circuitId: 'x' }, { sortBy: 'x' }]) {
      const res = await h.inject({ method: 'POST', url: '/api/leaderboards', headers: h.racer.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('accepts an empty body as the unfiltered Top 10', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/leaderboards', headers: h.racer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const rows = leaderboardResponseSchema.parse(res.json()).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(10);
  });
});

describe('leaderboard helpers', () => {
  it('gives tied times the same position and skips the next ones', () => {
    expect(competitionRanks([1, 2, 2, 3, 3, 3, 4])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('writes the driver as first name and last initial', () => {
    expect(driverName('Ana', 'silva')).toBe('Ana S.');
    expect(driverName(' Eva ', '  ')).toBe('Eva');
  });
});

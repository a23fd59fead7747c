import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { lapsText, nmeaText, sessionPayload, trackText } from '../helpers/session-fixtures';
import { leaderboardResponseSchema, type LeaderboardRow } from '../../src/contracts/leaderboard';
import { createUploadPool } from '../../server/sessions/upload-pool';
import { startFinishBackfill } from '../../server/sessions/finish-check';

/**
 * Leaderboards rank only plausible laps: no shorter than the circuit's length at the top speed of the vehicle type,
 * from a session whose positions cross the circuit's start/finish. A 1 ms lap with no positions used to take
 * position 1.
 */
let h: Harness;
let ana: Actor, bruno: Actor, carla: Actor;
const gateA = '41.1;-8.1;41.101;-8.101;41.102;-8.102';
const gateB = '40.5;-7.5;40.501;-7.501;40.502;-7.502';
const ids = { circuitA: 0, circuitB: 0, kartCategory: 0 };
let n = 0;

async function admin(url: string, payload: object): Promise<number> {
  const res = await h.inject({ method: 'POST', url, headers: h.admin.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function upload(who: Actor, lapTimes: number[], coordinates: string, circuitId = ids.circuitA): Promise<number> {
  n += 1;
  const res = await h.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: who.headers,
    payload: sessionPayload({ filename: `20260601_10${String(n).padStart(2, '0')}_Plausible ${n}`, laps: lapsText(lapTimes), coordinates, circuitId, vehicleCategoryId: ids.kartCategory }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function board(circuitId: number): Promise<LeaderboardRow[]> {
  const res = await h.inject({ method: 'POST', url: '/api/leaderboards', headers: h.racer.headers, payload: { circuitId, limit: 10 } });
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardResponseSchema.parse(res.json()).rows;
}

beforeAll(async () => {
  h = await createHarness();
  const [country] = await h.app.db.query<{ id: number }>('select id from countries order by id limit 1');
  const [type] = await h.app.db.query<{ id: number }>('select id from circuit_types order by id limit 1');
  const [kart] = await h.app.db.query<{ id: number }>(
    "select vc.id from vehicle_categories vc join vehicle_types vt on vt.id = vc.vehicle_type_id where lower(vt.name) = 'kart' order by vc.id limit 1",
  );
  ids.kartCategory = kart.id;
  const circuit = (name: string, coordinates: string) => admin('/api/admin/circuits', { name, countryId: country.id, typeId: type.id, length: 1000, coordinates, size: 12 });
  ids.circuitA = await circuit(`Plausible A ${Date.now()}`, gateA);
  ids.circuitB = await circuit(`Plausible B ${Date.now()}`, gateB);
  ana = await h.createUser({ firstName: 'Ana' });
  bruno = await h.createUser({ firstName: 'Bruno' });
  carla = await h.createUser({ firstName: 'Carla' });
  await upload(ana, [61_000, 60_500], trackText(gateA, 60_000));
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('plausible laps', () => {
  it('a session with one lap of 1 ms and no positions is not ranked, the real session keeps position 1', async () => {
    await upload(bruno, [1], '');
    const rows = await board(ids.circuitA);
    expect(rows.map((r) => [r.driver.split(' ')[0], r.bestLapMs])).toEqual([['Ana', 60_500]]);
  });

  it('a lap shorter than the circuit at a kart top speed (1000 m at 260 km/h: 13.85 s) is not ranked; the next lap of the session is', async () => {
    const id = await upload(carla, [13_000, 59_000], trackText(gateA, 60_000));
    const rows = await board(ids.circuitA);
    expect(rows.map((r) => [r.driver.split(' ')[0], r.bestLapMs, r.sessionId])).toEqual([
      ['Carla', 59_000, id],
      ['Ana', 60_500, expect.any(Number)],
    ]);
    // The racer's own best lap stays what the device timed.
    const [row] = await h.app.db.query<{ best_lap_ms: number; ranked_lap_ms: number }>('select best_lap_ms, ranked_lap_ms from sessions where id = $1', [id]);
    expect(row).toEqual({ best_lap_ms: 13_000, ranked_lap_ms: 59_000 });
  });

  it('laps whose positions never cross the start/finish (a trace elsewhere, or one pass only) are not ranked', async () => {
    const racer = await h.createUser({ firstName: 'Duarte' });
    await upload(racer, [30_000], nmeaText(3000));
    await upload(racer, [31_000], trackText(gateA, 60_000, 0));
    expect((await board(ids.circuitA)).map((r) => r.driver.split(' ')[0])).not.toContain('Duarte');
  });

  it('moving a session to another circuit ranks it there only if its positions cross that start/finish', async () => {
    const racer = await h.createUser({ firstName: 'Eva' });
    const onB = await upload(racer, [58_000], trackText(gateB, 60_000), ids.circuitA);
    expect((await board(ids.circuitA)).map((r) => r.driver.split(' ')[0])).not.toContain('Eva');
    const patch = (circuitId: number) => h.inject({ method: 'PATCH', url: `/api/sessions/${onB}`, headers: racer.headers, payload: { circuitId } });
    expect((await patch(ids.circuitB)).statusCode).toBe(200);
    expect((await board(ids.circuitB)).map((r) => [r.driver.split(' ')[0], r.bestLapMs])).toEqual([['Eva', 58_000]]);
    expect((await patch(ids.circuitA)).statusCode).toBe(200);
    expect(await board(ids.circuitB)).toEqual([]);
    expect((await board(ids.circuitA)).map((r) => r.driver.split(' ')[0])).not.toContain('Eva');
  });

  it('sessions stored before the check are checked after start and ranked again when they cross the line', async () => {
    await h.app.db.query('update sessions set crosses_finish = null where circuit_id = $1', [ids.circuitA]);
    await h.app.db.query('select session_rank_refresh(id) from sessions where circuit_id = $1', [ids.circuitA]);
    expect(await board(ids.circuitA)).toEqual([]);
    const pool = createUploadPool(1);
    try {
      await startFinishBackfill(h.app.db, pool, h.app.log).done;
    } finally {
      await pool.close();
    }
    expect((await board(ids.circuitA)).map((r) => [r.driver.split(' ')[0], r.bestLapMs])).toEqual([
      ['Carla', 59_000],
      ['Ana', 60_500],
    ]);
  });
});

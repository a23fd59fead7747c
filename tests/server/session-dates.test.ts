import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { lapsText, sessionPayload, trackText } from '../helpers/session-fixtures';

/**
 * A session's date is its first fix's instant, to the millisecond; sessions stored by older apps, dated from their
 * file name's minute in the wrong zone, are re-dated by migration 080 where their circuit's country has a zone, and
 * by the app (a PATCH of `date`) where it alone knows the zone.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const MIGRATION = readFileSync(new URL('../../server/db/migrations/080_session_dates_at_track.sql', import.meta.url), 'utf8');
const post = (payload: object) => h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload });

describe('session dates', () => {
  it('keeps a first fix to the millisecond, and a PATCH of the date corrects it (a wrong one is refused)', async () => {
    const created = await post(sessionPayload({ date: '2025-08-01T19:43:33.680Z' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().date).toBe('2025-08-01T19:43:33.680Z');
    const id = created.json().id as number;
    const patched = await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { date: '2025-08-01T14:43:33.68-05:00' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().date).toBe('2025-08-01T19:43:33.680Z');
    for (const date of ['yesterday', '0000-01-01T00:00:00Z']) {
      expect((await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { date } })).statusCode).toBe(400);
    }
    expect((await h.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: h.racer.headers })).json().date).toBe('2025-08-01T19:43:33.680Z');
  });

  it("migration 080 re-dates a whole-minute date to its name's time in its circuit's country zone, its leaderboard row too, and leaves the rest", async () => {
    const [rustavi] = await h.app.db.query<{ id: number; coordinates: string }>("select id, coordinates from circuits where name = 'Rustavi International Motorpark'");
    // As older apps stored them: 10:30 at Rustavi (UTC+4) read in a device set to UTC.
    const wrong = await post(sessionPayload({ filename: '20260412_1030_Rustavi International Motorpark', circuitId: rustavi.id, date: '2026-04-12T10:30:00.000Z', laps: lapsText([61_000]), coordinates: trackText(rustavi.coordinates, 60_000) }));
    const exact = await post(sessionPayload({ filename: '20260412_1130_Rustavi International Motorpark', circuitId: rustavi.id, date: '2026-04-12T07:30:41.120Z' }));
    const noCircuit = await post(sessionPayload({ filename: '20260412_1030_Somewhere', date: '2026-04-12T10:30:00.000Z' }));
    const notAName = await post(sessionPayload({ filename: 'run 4', circuitId: rustavi.id, date: '2026-04-12T10:30:00.000Z' }));
    const noSuchDay = await post(sessionPayload({ filename: '20260230_1030_Rustavi International Motorpark', circuitId: rustavi.id, date: '2026-03-02T10:30:00.000Z' }));
    for (const r of [wrong, exact, noCircuit, notAName, noSuchDay]) expect(r.statusCode).toBe(201);

    await h.app.db.exec(MIGRATION);

    const dateOf = async (id: number) => (await h.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: h.racer.headers })).json().date as string;
    expect(await dateOf(wrong.json().id)).toBe('2026-04-12T06:30:00.000Z');
    expect(await dateOf(exact.json().id)).toBe('2026-04-12T07:30:41.120Z');
    expect(await dateOf(noCircuit.json().id)).toBe('2026-04-12T10:30:00.000Z');
    expect(await dateOf(notAName.json().id)).toBe('2026-04-12T10:30:00.000Z');
    expect(await dateOf(noSuchDay.json().id)).toBe('2026-03-02T10:30:00.000Z');
    const [best] = await h.app.db.query<{ date: Date }>('select date from leaderboard_bests where session_id = $1', [wrong.json().id]);
    expect(best.date.toISOString()).toBe('2026-04-12T06:30:00.000Z');
    // Run again: nothing moves.
    await h.app.db.exec(MIGRATION);
    expect(await dateOf(wrong.json().id)).toBe('2026-04-12T06:30:00.000Z');
  });
});

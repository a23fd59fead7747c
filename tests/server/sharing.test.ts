import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { lapsText, ringText, sessionPayload } from '../helpers/session-fixtures';
import {
  invitationsResponseSchema,
  lapCheckResponseSchema,
  lapSliceSchema,
  privateAllResponseSchema,
  sharedLapsResponseSchema,
  teamSessionsResponseSchema,
  teamsResponseSchema,
} from '../../src/contracts/sharing';
import { leaderboardResponseSchema } from '../../src/contracts/leaderboard';
import { sessionSummarySchema } from '../../src/contracts/entities';

/** Sharing end to end through the API: defaults, teams and invitations, coaches, removal, lap slices, leaderboards. */
let h: Harness;
let circuitId = 0;
let ana: Actor, rui: Actor, coach: Actor;

const json = <T>(res: { json(): unknown }) => res.json() as T;

async function upload(who: Actor, over: Record<string, unknown> = {}): Promise<number> {
  const res = await h.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: who.headers,
    payload: sessionPayload({ circuitId, laps: lapsText([61_000, 60_500, 62_000]), coordinates: ringText('41.5;-8.4', 3200), ...over }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: number }>(res).id;
}
const setVisibility = async (who: Actor, id: number, visibility: string) =>
  expect((await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: who.headers, payload: { visibility } })).statusCode).toBe(200);

/** The newest mail's text in DATA_DIR/mail addressed to `to`. */
async function mailTo(to: string): Promise<string> {
  const dir = join(h.dataDir, 'mail');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
    const hit = files.map((f) => readFileSync(join(dir, f), 'utf8')).filter((t) => t.includes(`To: ${to}`));
    if (hit.length) return hit[hit.length - 1];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

async function invite(owner: Actor, teamId: number, email: string, role: 'racer' | 'coach' = 'racer') {
  return h.inject({ method: 'POST', url: `/api/teams/${teamId}/invitations`, headers: owner.headers, payload: { email, role } });
}

beforeAll(async () => {
  h = await createHarness();
  const [ref] = await h.app.db.query<{ country: number; type: number }>(
    "select (select id from countries where timezone = 'Europe/Lisbon' order by id limit 1) as country, (select min(id) from circuit_types) as type",
  );
  const [c] = await h.app.db.query<{ id: number }>(
    "insert into circuits (name, type_id, country_id, coordinates, size, length) values ('Sharing ring', $1, $2, '41.5;-8.4;41.6;-8.5', 10, 1000) returning id",
    [ref.type, ref.country],
  );
  circuitId = c.id;
  ana = await h.createUser({ firstName: 'Ana' });
  rui = await h.createUser({ firstName: 'Rui' });
  coach = await h.createUser({ firstName: 'Carla' });
  await h.app.db.query("update users set last_name = 'costa' where id = $1", [rui.id]);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

describe('who sees a session', () => {
  it('keeps a new session private by default, and follows the profile default once the racer sets one', async () => {
    const first = await upload(ana);
    expect(sessionSummarySchema.parse(json((await h.inject({ method: 'GET', url: `/api/sessions/${first}`, headers: ana.headers })))).visibility).toBe('private');
    const put = await h.inject({ method: 'PUT', url: '/api/sharing/settings', headers: ana.headers, payload: { defaultVisibility: 'team' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json((await h.inject({ method: 'GET', url: '/api/sharing/settings', headers: ana.headers })))).toEqual({ defaultVisibility: 'team' });
    const second = await upload(ana);
    expect(sessionSummarySchema.parse(json((await h.inject({ method: 'GET', url: `/api/sessions/${second}`, headers: ana.headers })))).visibility).toBe('team');
    await h.inject({ method: 'PUT', url: '/api/sharing/settings', headers: ana.headers, payload: { defaultVisibility: 'private' } });
  });

  it('refuses a visibility that is not one of private, team and public', async () => {
    const id = await upload(ana);
    const res = await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: ana.headers, payload: { visibility: 'friends' } });
    expect(res.statusCode).toBe(400);
    const bad = await h.inject({ method: 'PUT', url: '/api/sharing/settings', headers: ana.headers, payload: { defaultVisibility: 'everyone' } });
    expect(bad.statusCode).toBe(400);
  });

  it('makes every session of the racer private in one step, each one changed so other devices see it at their next sync', async () => {
    const a = await upload(ana);
    const b = await upload(ana);
    await setVisibility(ana, a, 'public');
    await setVisibility(ana, b, 'team');
    const before = sessionSummarySchema.parse(json(await h.inject({ method: 'GET', url: `/api/sessions/${a}`, headers: ana.headers })));
    const res = await h.inject({ method: 'POST', url: '/api/sessions/private-all', headers: ana.headers });
    expect(res.statusCode).toBe(200);
    expect(privateAllResponseSchema.parse(res.json()).changed).toBeGreaterThanOrEqual(2);
    const after = sessionSummarySchema.parse(json(await h.inject({ method: 'GET', url: `/api/sessions/${a}`, headers: ana.headers })));
    expect(after.visibility).toBe('private');
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    const list = json<Array<{ visibility: string }>>(await h.inject({ method: 'GET', url: '/api/sessions', headers: ana.headers }));
    expect(list.every((s) => s.visibility === 'private')).toBe(true);
  });
});

describe('teams and invitations', () => {
  it('mails an invitation whose link works once, for the invited address only, and lets the invitee see the team', async () => {
    const created = await h.inject({ method: 'POST', url: '/api/teams', headers: ana.headers, payload: { name: 'Ana Racing' } });
    expect(created.statusCode).toBe(201);
    const teamId = json<{ id: number }>(created).id;
    expect((await invite(ana, teamId, rui.email.toUpperCase())).statusCode).toBe(201);
    const mail = await mailTo(rui.email);
    expect(mail).toContain('Ana T. invited you');
    const token = decodeURIComponent(/team-invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/gi, '='))![1]);
    // Someone else holding the link cannot use it.
    expect((await h.inject({ method: 'POST', url: '/api/team-invitations/accept', headers: coach.headers, payload: { token } })).statusCode).toBe(404);
    const ok = await h.inject({ method: 'POST', url: '/api/team-invitations/accept', headers: rui.headers, payload: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await h.inject({ method: 'POST', url: '/api/team-invitations/accept', headers: rui.headers, payload: { token } })).statusCode).toBe(404);
    const teams = teamsResponseSchema.parse(json(await h.inject({ method: 'GET', url: '/api/teams', headers: rui.headers }))).teams;
    const team = teams.find((t) => t.id === teamId)!;
    expect(team.members.map((m) => m.name).sort()).toEqual(['Ana T.', 'Rui C.']);
    // Members see names, never addresses; only the owner sees the addresses of pending invitations.
    expect(JSON.stringify(teams)).not.toContain('@');
  });

  it('stops an invitation once it expires', async () => {
    const teamId = json<{ id: number }>(await h.inject({ method: 'POST', url: '/api/teams', headers: rui.headers, payload: { name: 'Late' } })).id;
    const inv = json<{ id: number }>(await invite(rui, teamId, coach.email));
    expect(invitationsResponseSchema.parse(json(await h.inject({ method: 'GET', url: '/api/team-invitations', headers: coach.headers }))).invitations.map((i) => i.id)).toContain(inv.id);
    await h.app.db.query("update team_invitations set expires_at = now() - interval '1 second' where id = $1", [inv.id]);
    expect((await h.inject({ method: 'POST', url: `/api/team-invitations/${inv.id}/accept`, headers: coach.headers })).statusCode).toBe(404);
    expect(json<{ invitations: Array<{ id: number }> }>(await h.inject({ method: 'GET', url: '/api/team-invitations', headers: coach.headers })).invitations.map((i) => i.id)).not.toContain(inv.id);
  });

  it('bounds the invitations one racer sends in a day', async () => {
    const spammer = await h.createUser({ firstName: 'Spam' });
    const teamId = json<{ id: number }>(await h.inject({ method: 'POST', url: '/api/teams', headers: spammer.headers, payload: { name: 'Spam' } })).id;
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await invite(spammer, teamId, `target${i}@example.test`)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it("shows a coach the team's sessions but never shares the coach's own, and ends a removed member's access at their next request", async () => {
    const teamId = json<{ id: number }>(await h.inject({ method: 'POST', url: '/api/teams', headers: rui.headers, payload: { name: 'Rui Team' } })).id;
    const inv = json<{ id: number }>(await invite(rui, teamId, coach.email, 'coach'));
    expect((await h.inject({ method: 'POST', url: `/api/team-invitations/${inv.id}/accept`, headers: coach.headers })).statusCode).toBe(200);
    const ruis = await upload(rui, { name: 'Rui team outing' });
    await setVisibility(rui, ruis, 'team');
    const coachs = await upload(coach, { name: 'Coach own outing' });
    await setVisibility(coach, coachs, 'team');

    const seen = teamSessionsResponseSchema.parse(json(await h.inject({ method: 'GET', url: '/api/team-sessions', headers: coach.headers }))).sessions;
    expect(seen.find((s) => s.id === ruis)?.ownerName).toBe('Rui C.');
    const ruiSees = teamSessionsResponseSchema.parse(json(await h.inject({ method: 'GET', url: '/api/team-sessions', headers: rui.headers }))).sessions;
    expect(ruiSees.map((s) => s.id)).not.toContain(coachs);
    // Read-only: the coach cannot edit or delete it.
    expect((await h.inject({ method: 'PATCH', url: `/api/sessions/${ruis}`, headers: coach.headers, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await h.inject({ method: 'DELETE', url: `/api/sessions/${ruis}`, headers: coach.headers })).statusCode).toBe(404);
    const full = await h.inject({ method: 'GET', url: `/api/team-sessions/${ruis}`, headers: coach.headers });
    expect(full.statusCode).toBe(200);

    // Removed: the same access token (still valid) gets nothing at once.
    expect((await h.inject({ method: 'DELETE', url: `/api/teams/${teamId}/members/${coach.id}`, headers: rui.headers })).statusCode).toBe(204);
    expect((await h.inject({ method: 'GET', url: `/api/team-sessions/${ruis}`, headers: coach.headers })).statusCode).toBe(404);
    expect((await h.inject({ method: 'GET', url: `/api/shared-laps/${ruis}/2`, headers: coach.headers })).statusCode).toBe(404);
    const after = teamSessionsResponseSchema.parse(json(await h.inject({ method: 'GET', url: '/api/team-sessions', headers: coach.headers }))).sessions;
    expect(after.map((s) => s.id)).not.toContain(ruis);
  });
});

describe('shared laps', () => {
  it("serves one lap's fixes only, timed from the lap's start, with its laps line and the circuit's gates", async () => {
    const id = await upload(rui, { name: 'Rui public outing' });
    await setVisibility(rui, id, 'public');
    const res = await h.inject({ method: 'GET', url: `/api/shared-laps/${id}/2`, headers: ana.headers });
    expect(res.statusCode, res.body).toBe(200);
    const slice = lapSliceSchema.parse(res.json());
    const lines = slice.coordinates.trim().split('\n');
    // ringText puts 1,500 fixes in each lap; lap 2 is fixes 1,500-2,999.
    expect(lines).toHaveLength(1500);
    expect(lines.every((l) => l.startsWith('2;'))).toBe(true);
    expect(lines[0].split(';')[1]).toBe('0');
    expect(lines[1499].split(';')[1]).toBe(String(1499 * 40));
    expect(slice.lapsLine).toBe(lapsText([61_000, 60_500, 62_000]).split('\n')[1]);
    expect(slice.lapTimeMs).toBe(60_500);
    expect(slice.ownerName).toBe('Rui C.');
    expect(slice.circuit.coordinates).toBe('41.5;-8.4;41.6;-8.5');
    expect(slice.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body).not.toContain('Rui public outing');
    expect(res.body).not.toContain('@');
  });

  it('fits a 25 Hz lap of 1:30 in at most 200 KB gzip', async () => {
    const fixes = 90 * 25;
    const lines: string[] = [];
    for (let i = 0; i < fixes * 3; i++) {
      const a = (i / fixes) * 2 * Math.PI;
      lines.push(`${1 + Math.floor(i / fixes)};${i * 40};${(41.5 + 0.003 * Math.sin(a)).toFixed(7)};${(-8.4 + 0.004 * Math.cos(a)).toFixed(7)};${(80 + 40 * Math.sin(3 * a)).toFixed(1)}`);
    }
    const id = await upload(rui, { coordinates: lines.join('\n') + '\n', laps: lapsText([90_000, 90_000, 90_000]) });
    await setVisibility(rui, id, 'public');
    const res = await h.inject({ method: 'GET', url: `/api/shared-laps/${id}/2`, headers: { ...ana.headers, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const bytes = res.rawPayload.length;
    expect(bytes).toBeLessThanOrEqual(200 * 1024);
    const slice = lapSliceSchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
    expect(slice.coordinates.trim().split('\n')).toHaveLength(fixes);
  });

  it("lists the fastest shared laps of a circuit, the caller's category first, by name and day only", async () => {
    const [{ id: cat }] = await h.app.db.query<{ id: number }>('select min(id) as id from vehicle_categories');
    const [{ id: other }] = await h.app.db.query<{ id: number }>('select max(id) as id from vehicle_categories');
    const fast = await upload(coach, { laps: lapsText([55_000, 56_000]), vehicleCategoryId: other, date: '2026-04-12T23:30:00.000Z' });
    await setVisibility(coach, fast, 'public');
    const mine = await upload(rui, { laps: lapsText([59_000, 58_000]), vehicleCategoryId: cat });
    await setVisibility(rui, mine, 'public');
    const res = await h.inject({ method: 'GET', url: `/api/shared-laps?circuitId=${circuitId}&vehicleCategoryId=${cat}`, headers: ana.headers });
    expect(res.statusCode, res.body).toBe(200);
    const laps = sharedLapsResponseSchema.parse(res.json()).laps;
    expect(laps[0]).toMatchObject({ sessionId: mine, lapNumber: 2, lapTimeMs: 58_000, ownerName: 'Rui C.' });
    const coachLap = laps.find((l) => l.sessionId === fast)!;
    expect(coachLap.lapNumber).toBe(1);
    // 23:30 UTC on 12 April is 00:30 on 13 April in Lisbon (summer time): the day at the circuit, no time.
    expect(coachLap.date).toBe('2026-04-13');
    expect(res.body).not.toContain('@');
    expect(res.body).not.toMatch(/T\d\d:\d\d/);
  });

  it('lists a shared session by the lap a leaderboard would rank: a 1 ms lap, or one with no positions through the line, is not listed', async () => {
    const [{ id: cat }] = await h.app.db.query<{ id: number }>('select min(id) as id from vehicle_categories');
    const fake = await upload(ana, { laps: lapsText([1, 57_000]), vehicleCategoryId: cat });
    await setVisibility(ana, fake, 'public');
    const nowhere = await upload(ana, { laps: lapsText([50_000]), coordinates: '', vehicleCategoryId: cat });
    await setVisibility(ana, nowhere, 'public');
    const res = await h.inject({ method: 'GET', url: `/api/shared-laps?circuitId=${circuitId}&vehicleCategoryId=${cat}`, headers: rui.headers });
    const laps = sharedLapsResponseSchema.parse(res.json()).laps;
    const anas = laps.filter((l) => l.sessionId === fake || l.sessionId === nowhere);
    expect(anas).toEqual([expect.objectContaining({ sessionId: fake, lapNumber: 2, lapTimeMs: 57_000 })]);
  });

  it('says a withdrawn lap is no longer available, and serves it no more', async () => {
    const id = await upload(rui);
    await setVisibility(rui, id, 'public');
    const check = async () => lapCheckResponseSchema.parse(json(await h.inject({ method: 'POST', url: '/api/shared-laps/check', headers: ana.headers, payload: { laps: [{ sessionId: id, lapNumber: 2 }] } }))).available;
    expect(await check()).toEqual([{ sessionId: id, lapNumber: 2 }]);
    await setVisibility(rui, id, 'private');
    expect(await check()).toEqual([]);
    expect((await h.inject({ method: 'GET', url: `/api/shared-laps/${id}/2`, headers: ana.headers })).statusCode).toBe(404);
  });

  it('names leaderboard drivers by first name and initial, tells the day only, and marks which laps may be compared', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/leaderboards', headers: ana.headers, payload: { circuitId, limit: 10 } });
    const rows = leaderboardResponseSchema.parse(res.json()).rows;
    expect(rows.length).toBeGreaterThan(1);
    expect(res.body).not.toContain('@');
    for (const r of rows) expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00\.000Z$/);
    const ruiRow = rows.find((r) => r.userId === rui.id)!;
    expect(ruiRow.driver).toBe('Rui C.');
    expect(ruiRow.lapNumber).not.toBeNull();
    expect(ruiRow.comparable).toBe(true);
    expect(rows.find((r) => r.userId === ana.id)?.comparable ?? false).toBe(false);
  });
});

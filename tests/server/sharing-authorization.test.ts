import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { lapsText, ringText, sessionPayload } from '../helpers/session-fixtures';

/**
 * Sharing, tested from outside like an attacker: every route that reads or writes a session, a lap or a team x
 * (owner, team member, other racer, admin, anonymous) x (private, team, public). Each row gives the status expected
 * and, for the lists, whether the session shows in the answer at all. A private session's name, laps and fixes are
 * never served to another account (an admin apart, who reads every session already).
 */
type Who = 'owner' | 'teammate' | 'other' | 'admin' | 'anonymous';
type Vis = 'private' | 'team' | 'public';
const WHO: Who[] = ['owner', 'teammate', 'other', 'admin', 'anonymous'];
const VIS: Vis[] = ['private', 'team', 'public'];

let h: Harness;
let teammate: Actor;
let teamId = 0;
const circuitOf: Record<Vis, number> = { private: 0, team: 0, public: 0 };
const sessionOf: Record<Vis, number> = { private: 0, team: 0, public: 0 };
const nameOf = (v: Vis) => `Secret ${v} outing`;
const exercised: Array<{ method: string; url: string }> = [];

const actor = (w: Who): Actor | null => (w === 'anonymous' ? null : w === 'owner' ? h.racer : w === 'teammate' ? teammate : w === 'other' ? h.other : h.admin);

async function call(w: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  exercised.push({ method, url });
  const a = actor(w);
  return h.inject({ method, url, headers: a ? a.headers : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

async function freshSession(v: Vis, name = nameOf(v)): Promise<number> {
  const res = await h.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: h.racer.headers,
    payload: sessionPayload({ name, circuitId: circuitOf[v], laps: lapsText([61_000, 60_500, 62_000]), coordinates: ringText('41.5;-8.4', 3200) }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  const patch = await h.inject({ method: 'PATCH', url: `/api/sessions/${id}`, headers: h.racer.headers, payload: { visibility: v } });
  expect(patch.statusCode, patch.body).toBe(200);
  return id;
}

beforeAll(async () => {
  h = await createHarness();
  teammate = await h.createUser({ firstName: 'Tiago' });
  const [ref] = await h.app.db.query<{ country: number; type: number }>('select (select min(id) from countries) as country, (select min(id) from circuit_types) as type');
  for (const v of VIS) {
    const [c] = await h.app.db.query<{ id: number }>(
      "insert into circuits (name, type_id, country_id, coordinates, size, length) values ($1, $2, $3, '41.5;-8.4;41.6;-8.5', 10, 1000) returning id",
      [`Matrix circuit ${v} ${Date.now()}`, ref.type, ref.country],
    );
    circuitOf[v] = c.id;
    sessionOf[v] = await freshSession(v);
  }
  // The owner's team, joined by the teammate through an invitation to their address.
  const team = await h.inject({ method: 'POST', url: '/api/teams', headers: h.racer.headers, payload: { name: 'Matrix Racing' } });
  teamId = (team.json() as { id: number }).id;
  const inv = await h.inject({ method: 'POST', url: `/api/teams/${teamId}/invitations`, headers: h.racer.headers, payload: { email: teammate.email } });
  expect(inv.statusCode, inv.body).toBe(201);
  const accepted = await h.inject({ method: 'POST', url: `/api/team-invitations/${(inv.json() as { id: number }).id}/accept`, headers: teammate.headers });
  expect(accepted.statusCode, accepted.body).toBe(200);
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

/** Status by who and visibility. */
type Table = (w: Who, v: Vis) => number;
const OWNER_OR_ADMIN: Table = (w) => (w === 'anonymous' ? 401 : w === 'owner' || w === 'admin' ? 200 : 404);
const LAP: Table = (w, v) =>
  w === 'anonymous' ? 401 : w === 'owner' || w === 'admin' ? 200 : v === 'public' ? 200 : v === 'team' && w === 'teammate' ? 200 : 404;
const TEAM_VIEW: Table = (w, v) => (w === 'anonymous' ? 401 : w === 'teammate' && v !== 'private' ? 200 : 404);
/** Whether a list shows the session (or, on a leaderboard, offers it to compare with). */
type Shows = (w: Who, v: Vis) => boolean;
const ONLY_OWNER: Shows = (w) => w === 'owner';
const COMPARABLE: Shows = (w, v) => w !== 'owner' && w !== 'anonymous' && (v === 'public' || (v === 'team' && w === 'teammate'));
const IN_TEAM_VIEW: Shows = (w, v) => w === 'teammate' && v !== 'private';

interface Row {
  what: string;
  run(w: Who, v: Vis): Promise<{ statusCode: number; body: string }>;
  status: Table;
  shows?: Shows;
  /** For lists: does the answer name the session (id or name) for this visibility. */
  showsIn?: (body: string, v: Vis) => boolean;
}

const namesSession = (body: string, v: Vis) => body.includes(nameOf(v)) || new RegExp(`"(sessionId|id)":${sessionOf[v]}[,}]`).test(body);
const comparableRow = (body: string, v: Vis) => {
  const rows = (JSON.parse(body) as { rows: Array<{ sessionId: number; comparable: boolean }> }).rows;
  return rows.some((r) => r.sessionId === sessionOf[v] && r.comparable);
};

const ROWS: Row[] = [
  { what: 'GET /sessions/{id}', run: (w, v) => call(w, 'GET', `/api/sessions/${sessionOf[v]}`), status: OWNER_OR_ADMIN },
  { what: 'PATCH /sessions/{id}', run: (w, v) => call(w, 'PATCH', `/api/sessions/${sessionOf[v]}`, { favorite: true, visibility: v }), status: OWNER_OR_ADMIN },
  {
    what: 'PUT /sessions/{id}',
    run: async (w, v) => call(w, 'PUT', `/api/sessions/${await freshSession(v, `Put ${v}`)}`, sessionPayload({ name: `Put ${v}`, filename: `put-${v}-${w}` })),
    status: OWNER_OR_ADMIN,
  },
  { what: 'DELETE /sessions/{id}', run: async (w, v) => call(w, 'DELETE', `/api/sessions/${await freshSession(v, `Gone ${v}`)}`), status: (w, v) => (OWNER_OR_ADMIN(w, v) === 200 ? 204 : OWNER_OR_ADMIN(w, v)) },
  { what: 'GET /admin/sessions/{id}', run: (w, v) => call(w, 'GET', `/api/admin/sessions/${sessionOf[v]}`), status: (w) => (w === 'anonymous' ? 401 : w === 'admin' ? 200 : 403) },
  { what: 'GET /team-sessions/{id}', run: (w, v) => call(w, 'GET', `/api/team-sessions/${sessionOf[v]}`), status: TEAM_VIEW },
  { what: 'GET /shared-laps/{id}/{lap}', run: (w, v) => call(w, 'GET', `/api/shared-laps/${sessionOf[v]}/2`), status: LAP },
  { what: 'GET /sessions', run: (w) => call(w, 'GET', '/api/sessions'), status: (w) => (w === 'anonymous' ? 401 : 200), shows: ONLY_OWNER, showsIn: namesSession },
  {
    what: 'POST /sessions/datatable',
    run: (w) => call(w, 'POST', '/api/sessions/datatable', { page: 0, pageSize: 50, sortBy: [], filterBy: [] }),
    status: (w) => (w === 'anonymous' ? 401 : 200),
    shows: ONLY_OWNER,
    showsIn: namesSession,
  },
  { what: 'GET /team-sessions', run: (w) => call(w, 'GET', '/api/team-sessions'), status: (w) => (w === 'anonymous' ? 401 : 200), shows: IN_TEAM_VIEW, showsIn: namesSession },
  {
    what: 'GET /shared-laps?circuitId',
    run: (w, v) => call(w, 'GET', `/api/shared-laps?circuitId=${circuitOf[v]}`),
    status: (w) => (w === 'anonymous' ? 401 : 200),
    shows: COMPARABLE,
    showsIn: namesSession,
  },
  {
    what: 'POST /shared-laps/check',
    run: (w, v) => call(w, 'POST', '/api/shared-laps/check', { laps: [{ sessionId: sessionOf[v], lapNumber: 2 }] }),
    status: (w) => (w === 'anonymous' ? 401 : 200),
    shows: (w, v) => w === 'owner' || w === 'admin' || COMPARABLE(w, v),
    showsIn: namesSession,
  },
  {
    what: 'POST /leaderboards',
    run: (w, v) => call(w, 'POST', '/api/leaderboards', { circuitId: circuitOf[v], limit: 10 }),
    status: (w) => (w === 'anonymous' ? 401 : 200),
    shows: COMPARABLE,
    showsIn: comparableRow,
  },
];

describe('sharing authorization matrix', () => {
  it('answers every session and lap route as expected for owner, team member, other racer, admin and anonymous, on private, team and public sessions', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const row of ROWS) {
      for (const v of VIS) {
        for (const w of WHO) {
          const res = await row.run(w, v);
          checked += 1;
          const want = row.status(w, v);
          if (res.statusCode !== want) mismatches.push(`${row.what} ${v} as ${w}: ${res.statusCode} (expected ${want}) ${res.body.slice(0, 100)}`);
          if (res.statusCode === 200 && row.shows && row.showsIn) {
            const shown = row.showsIn(res.body, v);
            if (shown !== row.shows(w, v)) mismatches.push(`${row.what} ${v} as ${w}: shows the session ${shown} (expected ${row.shows(w, v)})`);
          }
          // Whatever the route, another account never gets a private session's name or fixes (an admin apart).
          if (v === 'private' && w !== 'owner' && w !== 'admin') {
            if (res.body.includes(nameOf('private')) || /2;\d+;41\.5/.test(res.body)) mismatches.push(`${row.what} private as ${w}: leaks the session`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(ROWS.length * 15);
  });

  it('answers every team, invitation and settings route as expected for each caller', async () => {
    const mismatches: string[] = [];
    const expectStatus = async (w: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string | (() => Promise<string>), want: Record<Who, number>, payload?: () => unknown) => {
      const u = typeof url === 'string' ? url : await url();
      const res = await call(w, method, u, payload?.());
      if (res.statusCode !== want[w]) mismatches.push(`${method} ${u} as ${w}: ${res.statusCode} (expected ${want[w]}) ${res.body.slice(0, 100)}`);
      return res;
    };
    const signedIn = (n: number): Record<Who, number> => ({ owner: n, teammate: n, other: n, admin: n, anonymous: 401 });
    const ownerOnly = (n: number): Record<Who, number> => ({ owner: n, teammate: 404, other: 404, admin: 404, anonymous: 401 });
    /** A fresh team of the owner's with the teammate in it, per call. */
    const freshTeam = async () => {
      // Straight into the database: the owner may create only a few teams through the API.
      const [{ id }] = await h.app.db.query<{ id: number }>("insert into teams (name, owner_id) values ('Fresh', $1) returning id", [h.racer.id]);
      await h.app.db.query("insert into team_members (team_id, user_id, role) values ($1, $2, 'racer')", [id, h.racer.id]);
      await h.app.db.query("insert into team_members (team_id, user_id, role) values ($1, $2, 'racer')", [id, teammate.id]);
      return id;
    };
    for (const w of WHO) {
      await expectStatus(w, 'GET', '/api/teams', signedIn(200));
      await expectStatus(w, 'POST', '/api/teams', signedIn(201), () => ({ name: `Team of ${w}` }));
      await expectStatus(w, 'DELETE', async () => `/api/teams/${await freshTeam()}`, ownerOnly(204));
      await expectStatus(w, 'POST', `/api/teams/${teamId}/invitations`, ownerOnly(201), () => ({ email: `invitee-${w}@example.test` }));
      await expectStatus(w, 'DELETE', async () => `/api/teams/${await freshTeam()}/members/${teammate.id}`, ownerOnly(204));
      await expectStatus(w, 'POST', async () => `/api/teams/${await freshTeam()}/leave`, { owner: 409, teammate: 204, other: 404, admin: 404, anonymous: 401 });
      await expectStatus(w, 'GET', '/api/team-invitations', signedIn(200));
      // An invitation to the other racer's address: only they may use it.
      const inv = async () => {
        const r = await h.inject({ method: 'POST', url: `/api/teams/${await freshTeam()}/invitations`, headers: h.racer.headers, payload: { email: h.other.email } });
        return (r.json() as { id: number }).id;
      };
      await expectStatus(w, 'POST', async () => `/api/team-invitations/${await inv()}/accept`, { owner: 404, teammate: 404, other: 200, admin: 404, anonymous: 401 });
      await expectStatus(w, 'POST', async () => `/api/team-invitations/${await inv()}/decline`, { owner: 404, teammate: 404, other: 204, admin: 404, anonymous: 401 });
      await expectStatus(w, 'POST', '/api/team-invitations/accept', { owner: 404, teammate: 404, other: 404, admin: 404, anonymous: 401 }, () => ({ token: 'not-a-real-invitation-token' }));
      await expectStatus(w, 'GET', '/api/sharing/settings', signedIn(200));
      await expectStatus(w, 'PUT', '/api/sharing/settings', signedIn(200), () => ({ defaultVisibility: 'private' }));
      await expectStatus(w, 'POST', '/api/sessions/private-all', { owner: 200, teammate: 200, other: 200, admin: 200, anonymous: 401 });
    }
    // The invitations the owner sent in this test count towards their daily bound; the rest of the matrix is done.
    expect(mismatches).toEqual([]);
  });

  it('covers every sharing route', () => {
    const mine = /^\/api\/(teams|team-invitations|team-sessions|shared-laps|sharing|sessions\/private-all)(\/|$|\?)/;
    const registered = h.app.routeTable.filter((r) => mine.test(r.url));
    expect(registered.length).toBeGreaterThanOrEqual(15);
    const missing = registered.filter((r) => {
      const pattern = new RegExp(`^${r.url.replace(/:[a-zA-Z]+/g, '[^/?]+')}(\\?.*)?$`);
      return !exercised.some((e) => e.method === r.method && pattern.test(e.url));
    });
    expect(missing).toEqual([]);
  });
});

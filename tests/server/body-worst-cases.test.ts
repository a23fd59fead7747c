import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordRequestSchema, emailOnlyRequestSchema, loginRequestSchema, registerRequestSchema } from '../../src/contracts/auth';
import { dataTableRequestSchema } from '../../src/contracts/datatable';
import {
  circuitWriteSchema,
  countryWriteSchema,
  namedWriteSchema,
  sessionPatchSchema,
  sessionWriteSchema,
  userAdminCreateSchema,
  userAdminWriteSchema,
  userCircuitWriteSchema,
  userSelfWriteSchema,
  vehicleCategoryWriteSchema,
} from '../../src/contracts/entities';
import { leaderboardRequestSchema } from '../../src/contracts/leaderboard';
import { invitationAcceptSchema, invitationCreateSchema, lapCheckRequestSchema, sharingSettingsSchema, teamCreateSchema } from '../../src/contracts/sharing';
import { missingBulkDeleteSchema, missingKeysReportSchema, translationWriteSchema } from '../../src/contracts/translations';
import { DEFAULT_BODY_LIMIT, SESSION_BODY_LIMIT } from '../../server/limits';
import { EVENT_LOOP_BUDGET_MS, eventLoopDelayMs } from '../helpers/event-loop-delay';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';
import { worstCaseBodies } from '../helpers/worst-case-bodies';

/**
 * Every route that reads a JSON body, with the worst case of each field of its body schema (src/contracts) at the
 * route's own body cap (worst-case-bodies.ts: longest strings, biggest arrays, deepest nesting, longest numbers,
 * most keys) and a gzip bomb that inflates far past the cap: none keeps the event loop from other requests for
 * EVENT_LOOP_BUDGET_MS (perf_hooks' event-loop delay, eventLoopDelayMs) nor gets a 5xx. Session uploads (a 40 MiB cap)
 * get each field's worst case at the 1 MiB cap of the other routes, and one body at their own cap (refused before it
 * is stored). What a schema refuses is tried on the first route with that schema, what it accepts on every route. A route added
 * with a body and no entry here fails the first test.
 */
let h: Harness;
let sessionId = 0;
let teamId = 0;
let translationId = 0;
beforeAll(async () => {
  h = await createHarness();
  const session = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: sessionPayload() });
  sessionId = (session.json() as { id: number }).id;
  const team = await h.inject({ method: 'POST', url: '/api/teams', headers: h.racer.headers, payload: { name: 'Worst Case Team' } });
  teamId = (team.json() as { id: number }).id;
  const translation = await h.inject({ method: 'POST', url: '/api/admin/translations', headers: h.admin.headers, payload: { locale: 'en-us', key: 'app:worst', value: 'x' } });
  translationId = (translation.json() as { id: number }).id;
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

type Who = 'none' | 'racer' | 'admin';
interface BodyRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  /** The route as registered (`:id` filled in by `path`). */
  url: string;
  path: () => string;
  who: Who;
  schema: z.ZodType;
  example: Record<string, unknown>;
  cap?: number;
}

const page = { page: 0, pageSize: 10, sortBy: [{ field: 'name', order: 'asc' }], filterBy: [{ field: 'name', value: 'a', type: 'text', matchMode: 'contains' }] };
const circuit = { name: 'Worst', typeId: 1, countryId: 1, description: '', configuration: 'Regular', direction: 'Clockwise', length: 1000, coordinates: '41.1;-8.1', size: 10 };
const profile = { firstName: 'Rita', lastName: 'Test', birthdate: null, countryId: null, licenceId: null, firmwareVersion: null };
const fixed = (p: string) => () => p;

const ROUTES: BodyRoute[] = [
  { method: 'POST', url: '/api/auth/login', path: fixed('/api/auth/login'), who: 'none', schema: loginRequestSchema, example: { email: 'nobody@example.test', password: 'wrong-password' } },
  { method: 'POST', url: '/api/auth/register', path: fixed('/api/auth/register'), who: 'none', schema: registerRequestSchema, example: { email: 'new@example.test', firstName: 'New', lastName: '', password: 'password-123', confirmPassword: 'password-124' } },
  { method: 'POST', url: '/api/auth/resend-verification', path: fixed('/api/auth/resend-verification'), who: 'none', schema: emailOnlyRequestSchema, example: { email: 'nobody@example.test' } },
  { method: 'POST', url: '/api/auth/reset-password', path: fixed('/api/auth/reset-password'), who: 'none', schema: emailOnlyRequestSchema, example: { email: 'nobody@example.test' } },
  // A refused token: the worst cases are parsed, no password changes.
  { method: 'POST', url: '/api/auth/change-password', path: fixed('/api/auth/change-password?token=0123456789abcdef0123456789abcdef'), who: 'none', schema: changePasswordRequestSchema, example: { password: 'password-123' } },
  { method: 'POST', url: '/api/leaderboards', path: fixed('/api/leaderboards'), who: 'none', schema: leaderboardRequestSchema, example: { countryId: 1, limit: 10 } },
  ...['circuit-types', 'vehicle-types', 'vehicle-categories', 'circuits'].map((r): BodyRoute => ({ method: 'POST', url: `/api/${r}/datatable`, path: fixed(`/api/${r}/datatable`), who: 'none', schema: dataTableRequestSchema, example: page })),
  ...['countries', 'users', 'sessions', 'translations', 'translations/missing'].map((r): BodyRoute => ({ method: 'POST', url: `/api/admin/${r}/datatable`, path: fixed(`/api/admin/${r}/datatable`), who: 'admin', schema: dataTableRequestSchema, example: page })),
  { method: 'POST', url: '/api/sessions/datatable', path: fixed('/api/sessions/datatable'), who: 'racer', schema: dataTableRequestSchema, example: page },
  ...(
    [
      ['countries', countryWriteSchema, { name: 'Worstland', timezone: 'Europe/Lisbon' }],
      ['circuit-types', namedWriteSchema, { name: 'Worst type' }],
      ['vehicle-types', namedWriteSchema, { name: 'Worst type' }],
      ['vehicle-categories', vehicleCategoryWriteSchema, { name: 'Worst category', vehicleTypeId: 1 }],
      ['circuits', circuitWriteSchema, circuit],
    ] as Array<[string, z.ZodObject, Record<string, unknown>]>
  ).flatMap(([r, schema, example]): BodyRoute[] => [
    { method: 'POST', url: `/api/admin/${r}`, path: fixed(`/api/admin/${r}`), who: 'admin', schema, example },
    { method: 'PUT', url: `/api/admin/${r}/:id`, path: fixed(`/api/admin/${r}/999999`), who: 'admin', schema, example },
    { method: 'PATCH', url: `/api/admin/${r}/:id`, path: fixed(`/api/admin/${r}/999999`), who: 'admin', schema: schema.partial(), example },
  ]),
  { method: 'POST', url: '/api/circuits/mine', path: fixed('/api/circuits/mine'), who: 'racer', schema: userCircuitWriteSchema, example: { name: 'Mine', typeId: 1, countryId: 1, length: 1000, coordinates: '41.1;-8.1', size: 10 } },
  { method: 'POST', url: '/api/sessions', path: fixed('/api/sessions'), who: 'racer', schema: sessionWriteSchema, example: sessionPayload(), cap: SESSION_BODY_LIMIT },
  { method: 'PUT', url: '/api/sessions/:id', path: () => `/api/sessions/${sessionId}`, who: 'racer', schema: sessionWriteSchema, example: sessionPayload(), cap: SESSION_BODY_LIMIT },
  { method: 'PATCH', url: '/api/sessions/:id', path: () => `/api/sessions/${sessionId}`, who: 'racer', schema: sessionPatchSchema, example: { name: 'Renamed', favorite: true } },
  { method: 'PUT', url: '/api/sharing/settings', path: fixed('/api/sharing/settings'), who: 'racer', schema: sharingSettingsSchema, example: { defaultVisibility: 'private' } },
  { method: 'POST', url: '/api/shared-laps/check', path: fixed('/api/shared-laps/check'), who: 'racer', schema: lapCheckRequestSchema, example: { laps: [{ sessionId: 1, lapNumber: 1 }] } },
  { method: 'POST', url: '/api/teams', path: fixed('/api/teams'), who: 'racer', schema: teamCreateSchema, example: { name: 'Team' } },
  { method: 'POST', url: '/api/teams/:id/invitations', path: () => `/api/teams/${teamId}/invitations`, who: 'racer', schema: invitationCreateSchema, example: { email: 'invitee@example.test', role: 'racer' } },
  { method: 'POST', url: '/api/team-invitations/accept', path: fixed('/api/team-invitations/accept'), who: 'racer', schema: invitationAcceptSchema, example: { token: 'not-a-real-token' } },
  { method: 'POST', url: '/api/translations/missing', path: fixed('/api/translations/missing'), who: 'none', schema: missingKeysReportSchema, example: { locale: 'en-us', keys: ['app:worst.case'] } },
  { method: 'POST', url: '/api/admin/translations', path: fixed('/api/admin/translations'), who: 'admin', schema: translationWriteSchema, example: { locale: 'en-us', key: 'app:worst', value: 'x' } },
  { method: 'PUT', url: '/api/admin/translations/:id', path: () => `/api/admin/translations/${translationId}`, who: 'admin', schema: translationWriteSchema, example: { locale: 'en-us', key: 'app:worst', value: 'x' } },
  { method: 'POST', url: '/api/admin/translations/missing/delete', path: fixed('/api/admin/translations/missing/delete'), who: 'admin', schema: missingBulkDeleteSchema, example: { ids: [999999] } },
  { method: 'PUT', url: '/api/users/:id', path: () => `/api/users/${h.racer.id}`, who: 'racer', schema: userSelfWriteSchema, example: profile },
  { method: 'PATCH', url: '/api/users/:id', path: () => `/api/users/${h.racer.id}`, who: 'racer', schema: userSelfWriteSchema.partial(), example: profile },
  ...['/api/users', '/api/admin/users'].map((url): BodyRoute => ({ method: 'POST', url, path: fixed(url), who: 'admin', schema: userAdminCreateSchema, example: { email: 'made@example.test', firstName: 'Made', lastName: '', password: 'password-123', role: 'user', active: true } })),
  { method: 'PUT', url: '/api/admin/users/:id', path: () => `/api/admin/users/${h.other.id}`, who: 'admin', schema: userAdminWriteSchema, example: { active: true } },
  { method: 'PATCH', url: '/api/admin/users/:id', path: () => `/api/admin/users/${h.other.id}`, who: 'admin', schema: userAdminWriteSchema.partial(), example: { active: true } },
];

/** Write routes that read no JSON body (or a multipart one, bounded by its own file limit). */
const NO_JSON_BODY = [
  'POST /api/auth/refresh', 'POST /api/auth/logout', 'POST /api/admin/firmware', 'POST /api/admin/firmware/:version/withdraw',
  'POST /api/sessions/private-all', 'POST /api/teams/:id/leave', 'POST /api/team-invitations/:id/accept', 'POST /api/team-invitations/:id/decline',
  'POST /api/admin/circuits/:id/promote',
];

/** A different client address per request: the per-client rate limits of the anonymous routes never answer first. */
let client = 0;
const nextAddress = () => `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`;

async function costOf(route: BodyRoute, body: Buffer, encoding?: string): Promise<{ delay: number; status: number }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(encoding ? { 'content-encoding': encoding } : {}) };
  if (route.who !== 'none') Object.assign(headers, h[route.who].headers);
  let status = 0;
  const delay = await eventLoopDelayMs(async () => {
    status = (await h.inject({ method: route.method, url: route.path(), headers, payload: body, remoteAddress: nextAddress() })).statusCode;
  }, EVENT_LOOP_BUDGET_MS);
  return { delay, status };
}

/** One gzip bomb for all: a JSON string of 64 MiB inflated (past every cap), ~64 KB sent. */
let bomb: Buffer;
const gzipBomb = () => (bomb ??= gzipSync(Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(64 * 1024 * 1024, 'a'), Buffer.from('"}')]), { level: 9 }));

const schemasTried = new Set<z.ZodType>();

describe('the worst case of every body field costs the event loop less than its budget', { timeout: HOOK_TIMEOUT_MS }, () => {
  it('every write route with a JSON body is listed here', () => {
    const listed = new Set([...ROUTES.map((r) => `${r.method} ${r.url}`), ...NO_JSON_BODY]);
    const writes = h.app.routeTable.filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH'].includes(r.method)).map((r) => `${r.method} ${r.url}`);
    expect(writes.filter((w) => !listed.has(w))).toEqual([]);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const over: string[] = [];
    const check = async (label: string, body: string | Buffer, encoding?: string) => {
      // Encoded before the measure: what the client does is not the server's cost.
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      let { delay, status } = await costOf(route, bytes, encoding);
      // A loaded machine (the other test worker, CI neighbours) can hold the loop for a moment by itself: a case over
      // the budget is measured twice more and judged by its least delay, which the body's own work still sets.
      for (let retry = 0; retry < 2 && delay >= EVENT_LOOP_BUDGET_MS && status < 500; retry++) {
        const again = await costOf(route, bytes, encoding);
        delay = Math.min(delay, again.delay);
        status = again.status;
      }
      if (delay >= EVENT_LOOP_BUDGET_MS || status >= 500) over.push(`${label}: ${status}, event loop held ${Math.round(delay)} ms`);
    };
    // Per field at the 1 MiB cap of ordinary routes (an upload's own cap is tried once, below). What the schema
    // refuses is tried on the first route with that schema; what it accepts, on every route.
    const firstWithSchema = !schemasTried.has(route.schema);
    schemasTried.add(route.schema);
    for (const c of worstCaseBodies(route.schema, route.example, DEFAULT_BODY_LIMIT)) if (firstWithSchema || c.withinBounds) await check(c.label, c.body);
    await check('gzip bomb (64 MiB inflated)', gzipBomb(), 'gzip');
    if (route.cap && route.method === 'POST') {
      // The longest position text the cap allows, read into shared memory, parsed, checked and summed up by an upload
      // worker and handed back, then refused for its date before anything is stored (storing one is the bench's
      // part: `npm run bench -- server-abuse`).
      const atCap = JSON.stringify({ ...route.example, date: 'not a date', coordinates: 'HOLE' }).replace('"HOLE"', `"${'a'.repeat(route.cap - 1024)}"`);
      await check(`whole body at the upload cap (${route.cap} bytes)`, atCap);
    }
    expect(over).toEqual([]);
  });
});

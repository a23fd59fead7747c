import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COLUMNAR_SESSION_MEDIA_TYPE, ColumnarTextError, columnarTextSchema, decodeColumnarText } from '../../src/contracts/columnar-text';
import { sessionPatchSchema, sessionWriteSchema, type Session, type SessionSummary } from '../../src/contracts/entities';
import { hasZone } from '../../src/domain/format/wall-clock';
import { parseLapsText } from '../../src/domain/parse-laps';
import type { Queryable } from '../db/db';
import { ApiError, notFound } from '../errors';
import { iso, parseId, parseInput } from '../validate';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { parseDataTableRequest, runDataTable, type TableDef } from '../datatable/datatable';
import { SESSION_BODY_LIMIT } from '../limits';

/**
 * Sessions API. A racer owns their sessions; another racer's are a 404. Admins read every
 * session under /admin/sessions and may edit or delete any through /sessions/{id} (the admin table's row actions).
 * Lists and data tables never select the position text (`coordinates`, up to 25 MB).
 */

const FROM = `sessions s
  join users u on u.id = s.user_id
  left join circuits c on c.id = s.circuit_id
  left join countries co on co.id = c.country_id
  left join circuit_types ct on ct.id = c.type_id
  left join vehicle_categories vc on vc.id = s.vehicle_category_id`;

const SUMMARY_COLUMNS = `s.id, s.name, s.filename, s.user_id, s.circuit_id, s.vehicle_category_id, s.date, s.favorite,
  s.weather_conditions, s.laps_bytes, s.coordinates_bytes, s.best_lap_ms, s.lap_count, s.created_at, s.updated_at,
  c.name as circuit_name, co.name as country_name, ct.name as type_name, c.coordinates as circuit_coordinates,
  c.size::float8 as circuit_size, vc.name as vehicle_category_name, u.first_name as user_first_name`;

/** A summary row: timestamps are Dates from a plain query, ISO strings from the data table's JSON page. */
interface SummaryRow {
  id: number;
  name: string;
  filename: string;
  user_id: number;
  circuit_id: number | null;
  vehicle_category_id: number | null;
  date: Date | string;
  favorite: boolean;
  weather_conditions: string | null;
  laps_bytes: number;
  coordinates_bytes: number;
  best_lap_ms: number | null;
  lap_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  circuit_name: string | null;
  country_name: string | null;
  type_name: string | null;
  circuit_coordinates: string | null;
  circuit_size: number | null;
  vehicle_category_name: string | null;
  user_first_name: string;
}

function toSummary(r: SummaryRow): SessionSummary {
  return {
    id: r.id,
    name: r.name,
    filename: r.filename,
    userId: r.user_id,
    circuitId: r.circuit_id,
    vehicleCategoryId: r.vehicle_category_id,
    date: iso(r.date),
    favorite: r.favorite,
    weatherConditions: r.weather_conditions,
    lapsBytes: r.laps_bytes,
    coordinatesBytes: r.coordinates_bytes,
    bestLapMs: r.best_lap_ms,
    lapCount: r.lap_count,
    circuit:
      r.circuit_id !== null && r.circuit_name !== null
        ? { id: r.circuit_id, name: r.circuit_name, countryName: r.country_name, typeName: r.type_name, coordinates: r.circuit_coordinates ?? '', size: r.circuit_size ?? 0 }
        : null,
    vehicleCategory: r.vehicle_category_name !== null ? { name: r.vehicle_category_name } : null,
    user: { firstName: r.user_first_name },
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Fields marked `notNull` are NOT NULL columns (or an inner join's): their ORDER BY matches migration 030's indexes. */
const sessionFields: TableDef<SummaryRow, SessionSummary>['fields'] = {
  id: { sql: 's.id', type: 'numeric', notNull: true },
  name: { sql: 's.name', type: 'text', notNull: true, lowerSql: 's.name_lower' },
  filename: { sql: 's.filename', type: 'text', notNull: true },
  circuitId: { sql: 's.circuit_id', type: 'numeric' },
  vehicleCategoryId: { sql: 's.vehicle_category_id', type: 'numeric' },
  date: { sql: 's.date', type: 'date', notNull: true },
  favorite: { sql: 's.favorite', type: 'boolean', notNull: true },
  weatherConditions: { sql: 's.weather_conditions', type: 'text' },
  bestLapMs: { sql: 's.best_lap_ms', type: 'numeric' },
  lapCount: { sql: 's.lap_count', type: 'numeric', notNull: true },
  createdAt: { sql: 's.created_at', type: 'date', notNull: true },
  updatedAt: { sql: 's.updated_at', type: 'date', notNull: true },
  'circuit.name': { sql: 'c.name', type: 'text', joins: ['c'] },
  circuitName: { sql: 'c.name', type: 'text', joins: ['c'] },
  'vehicleCategory.name': { sql: 'vc.name', type: 'text', joins: ['vc'] },
  vehicleCategoryName: { sql: 'vc.name', type: 'text', joins: ['vc'] },
};

/**
 * Page keys and counts come from `sessions` alone plus the joins a filter or sort needs (see runDataTable): the
 * users join is inner but along the NOT NULL foreign key user_id, so leaving it out never changes the count.
 */
const SESSIONS_KEY_QUERY: TableDef<SummaryRow, SessionSummary>['keyQuery'] = {
  base: 'sessions s',
  key: 's.id',
  joins: {
    u: 'join users u on u.id = s.user_id',
    c: 'left join circuits c on c.id = s.circuit_id',
    vc: 'left join vehicle_categories vc on vc.id = s.vehicle_category_id',
  },
  // SUMMARY_COLUMNS for the page's rows alone: the circuit's values from one lateral lookup per row (five scalar
  // subqueries cost ~1.5 ms more for a 50-row page on PGlite), the two other names as scalar subqueries. `offset 0`
  // keeps the lateral subquery from being flattened into a join, which would cost the planner more than it saves.
  select: `s.id, s.name, s.filename, s.user_id, s.circuit_id, s.vehicle_category_id, s.date, s.favorite,
    s.weather_conditions, s.laps_bytes, s.coordinates_bytes, s.best_lap_ms, s.lap_count, s.created_at, s.updated_at,
    cx.circuit_name, cx.country_name, cx.type_name, cx.circuit_coordinates, cx.circuit_size,
    (select x.name from vehicle_categories x where x.id = s.vehicle_category_id) as vehicle_category_name,
    (select x.first_name from users x where x.id = s.user_id) as user_first_name`,
  selectJoins: `left join lateral (
      select x.name as circuit_name, co.name as country_name, ct.name as type_name, x.coordinates as circuit_coordinates,
        x.size::float8 as circuit_size
      from circuits x join countries co on co.id = x.country_id join circuit_types ct on ct.id = x.type_id
      where x.id = s.circuit_id offset 0) cx on true`,
};

/** The racer's table (default sort: favorite descending, so favorites come first). */
export const sessionsTable: TableDef<SummaryRow, SessionSummary> = {
  from: FROM,
  select: SUMMARY_COLUMNS,
  fields: sessionFields,
  defaultSort: { field: 'favorite', order: 'desc' },
  tieBreaker: 's.date desc, s.id desc',
  keyQuery: SESSIONS_KEY_QUERY,
  map: toSummary,
};

/** The admin's table: every user's sessions, plus the user's first name (default sort firstName descending). */
export const adminSessionsTable: TableDef<SummaryRow, SessionSummary> = {
  ...sessionsTable,
  fields: {
    ...sessionFields,
    userId: { sql: 's.user_id', type: 'numeric', notNull: true },
    firstName: { sql: 'u.first_name', type: 'text', notNull: true, joins: ['u'] },
    'user.firstName': { sql: 'u.first_name', type: 'text', notNull: true, joins: ['u'] },
  },
  defaultSort: { field: 'firstName', order: 'desc' },
};

/** Derived columns stored with the texts: byte sizes, content hash (dedupe), best lap and lap rows. */
function derive(laps: string, coordinates: string) {
  const parsed = parseLapsText(laps);
  const fits = (n: number) => Number.isInteger(n) && Math.abs(n) < 2_147_483_647;
  const rows = parsed.laps.filter((l) => fits(l.lapNumber) && fits(l.timeMs) && l.sectorsMs.every(fits));
  const valid = rows.filter((l) => l.valid);
  return {
    lapsBytes: Buffer.byteLength(laps, 'utf8'),
    coordinatesBytes: Buffer.byteLength(coordinates, 'utf8'),
    contentSha256: createHash('sha256').update(laps, 'utf8').update('\0').update(coordinates, 'utf8').digest('hex'),
    bestLapMs: valid.length ? Math.min(...valid.map((l) => l.timeMs)) : null,
    lapCount: rows.length,
    rows,
  };
}

async function writeLaps(q: Queryable, sessionId: number, rows: ReturnType<typeof derive>['rows']): Promise<void> {
  await q.query('delete from session_laps where session_id = $1', [sessionId]);
  // One multi-row insert per 500 laps (7 parameters a lap stays far below PostgreSQL's 65535 limit).
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const params: unknown[] = [];
    const values = chunk.map((l) => {
      params.push(sessionId, l.lapNumber, l.timeMs, l.sectorsMs[0], l.sectorsMs[1], l.sectorsMs[2], l.valid);
      const b = params.length - 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
    });
    await q.query(`insert into session_laps (session_id, lap_number, time_ms, s1_ms, s2_ms, s3_ms, valid) values ${values.join(', ')}`, params);
  }
}

export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const summaryById = async (q: Queryable, id: number): Promise<SessionSummary | null> => {
    const [row] = await q.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from ${FROM} where s.id = $1`, [id]);
    return row ? toSummary(row) : null;
  };
  const fullById = async (id: number): Promise<Session | null> => {
    const [row] = await db.query<SummaryRow & { coordinates: string; laps: string }>(
      `select ${SUMMARY_COLUMNS}, s.coordinates, s.laps from ${FROM} where s.id = $1`,
      [id],
    );
    return row ? { ...toSummary(row), coordinates: row.coordinates, laps: row.laps } : null;
  };
  /** The session's owner, checked against the caller: a racer gets 404 for anyone else's (and for missing ones). */
  const ownedOr404 = async (request: FastifyRequest, id: number, q: Queryable = db): Promise<{ userId: number; updatedAt: Date }> => {
    const me = caller(request);
    const [row] = await q.query<{ user_id: number; updated_at: Date }>('select user_id, updated_at from sessions where id = $1', [id]);
    if (!row || (row.user_id !== me.id && me.role !== 'admin')) throw notFound('Session not found.');
    return { userId: row.user_id, updatedAt: row.updated_at };
  };
  const checkReferences = async (input: { circuitId?: number | null; vehicleCategoryId?: number | null }) => {
    if (input.circuitId != null && !(await db.query('select 1 from circuits where id = $1', [input.circuitId])).length) {
      throw new ApiError(400, 'VALIDATION', 'Unknown circuitId.', { circuitId: 'Does not exist' });
    }
    if (input.vehicleCategoryId != null && !(await db.query('select 1 from vehicle_categories where id = $1', [input.vehicleCategoryId])).length) {
      throw new ApiError(400, 'VALIDATION', 'Unknown vehicleCategoryId.', { vehicleCategoryId: 'Does not exist' });
    }
  };
  const parseDate = (value: string): string => {
    // A date-time without a zone is read as UTC, the same on every server whatever its own zone (the app sends
    // instants; before it did, it sent the track's wall-clock time, which `new Date` read in the server's zone).
    const d = new Date(value.includes('T') && !hasZone(value) ? `${value}Z` : value);
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999) {
      throw new ApiError(400, 'VALIDATION', 'Invalid request body: date: must be an ISO date', { date: 'Must be an ISO date' });
    }
    return d.toISOString();
  };
  const bigBody = { bodyLimit: SESSION_BODY_LIMIT };

  /**
   * Big session writes from the app arrive with `coordinates` column by column (src/contracts/columnar-text.ts),
   * usually gzip-compressed (inflated by @fastify/compress first, under the route's bodyLimit). The text is rebuilt
   * here, before validation, so the routes see - and store, hash and parse - exactly the text the device wrote.
   * The rebuilt text is capped at the route's body limit as it is built (a small body of differences could
   * otherwise expand far beyond what a plain body may carry). Only this plugin's routes know the media type; the
   * ones other than POST/PUT /sessions then refuse the body through their own strict schemas.
   */
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(COLUMNAR_SESSION_MEDIA_TYPE, { parseAs: 'string' }, (request, raw, done) => {
    // The rebuilt text may not exceed what the route accepts as a plain body (SESSION_BODY_LIMIT on uploads).
    const maxLength = request.routeOptions.bodyLimit ?? SESSION_BODY_LIMIT;
    parseJson(request, raw as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err);
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !('coordinates' in value)) {
        return done(new ApiError(400, 'VALIDATION', 'Invalid request body: coordinates: Required', { coordinates: 'Required' }));
      }
      const columns = columnarTextSchema.safeParse(value.coordinates);
      if (!columns.success) {
        return done(new ApiError(400, 'VALIDATION', 'Invalid request body: coordinates: not a columnar text', { coordinates: 'Not a columnar text' }));
      }
      try {
        done(null, { ...value, coordinates: decodeColumnarText(columns.data, maxLength) });
      } catch (e) {
        if (!(e instanceof ColumnarTextError)) return done(e as Error);
        done(
          e.code === 'COLUMNAR_TOO_LARGE'
            ? new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
            : new ApiError(400, 'VALIDATION', `Invalid request body: coordinates: ${e.message}`, { coordinates: e.message }),
        );
      }
    });
  });

  app.get('/sessions', { preHandler: authenticate }, async (request) => {
    const rows = await db.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from ${FROM} where s.user_id = $1 order by s.date desc, s.id desc`, [
      caller(request).id,
    ]);
    return rows.map(toSummary);
  });

  app.post('/sessions/datatable', { preHandler: authenticate }, async (request) =>
    runDataTable(db, sessionsTable, parseDataTableRequest(request.body), { sql: 's.user_id = $1', params: [caller(request).id] }),
  );

  app.post('/sessions', { preHandler: authenticate, ...bigBody }, async (request, reply) => {
    const me = caller(request);
    const input = parseInput(sessionWriteSchema, request.body);
    const date = parseDate(input.date);
    await checkReferences(input);
    const d = derive(input.laps, input.coordinates);
    const result = await db.tx(async (q) => {
      const [created] = await q.query<{ id: number }>(
        `insert into sessions (user_id, name, filename, circuit_id, vehicle_category_id, date, coordinates, laps, favorite,
           weather_conditions, laps_bytes, coordinates_bytes, content_sha256, best_lap_ms, lap_count)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         on conflict (user_id, filename) do nothing returning id`,
        [me.id, input.name, input.filename, input.circuitId, input.vehicleCategoryId, date, input.coordinates, input.laps, input.favorite,
          input.weatherConditions, d.lapsBytes, d.coordinatesBytes, d.contentSha256, d.bestLapMs, d.lapCount],
      );
      if (created) {
        await writeLaps(q, created.id, d.rows);
        return { status: 201, id: created.id };
      }
      // Already uploaded (a retry of the sync queue): same content answers with the existing row, never a second one.
      const [existing] = await q.query<{ id: number; content_sha256: string }>('select id, content_sha256 from sessions where user_id = $1 and filename = $2', [
        me.id,
        input.filename,
      ]);
      if (existing.content_sha256 !== d.contentSha256) {
        throw new ApiError(409, 'CONFLICT', 'A different session with this file name already exists.');
      }
      return { status: 200, id: existing.id };
    });
    return reply.status(result.status).send(await summaryById(db, result.id));
  });

  app.get('/sessions/:id', { preHandler: authenticate }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    await ownedOr404(request, id);
    return (await fullById(id)) ?? Promise.reject(notFound('Session not found.'));
  });

  app.put('/sessions/:id', { preHandler: authenticate, ...bigBody }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    await ownedOr404(request, id);
    const input = parseInput(sessionWriteSchema, request.body);
    const date = parseDate(input.date);
    await checkReferences(input);
    const d = derive(input.laps, input.coordinates);
    await db.tx(async (q) => {
      await q.query(
        `update sessions set name = $2, filename = $3, circuit_id = $4, vehicle_category_id = $5, date = $6, coordinates = $7, laps = $8,
           favorite = $9, weather_conditions = $10, laps_bytes = $11, coordinates_bytes = $12, content_sha256 = $13, best_lap_ms = $14,
           lap_count = $15, updated_at = now()
         where id = $1`,
        [id, input.name, input.filename, input.circuitId, input.vehicleCategoryId, date, input.coordinates, input.laps, input.favorite,
          input.weatherConditions, d.lapsBytes, d.coordinatesBytes, d.contentSha256, d.bestLapMs, d.lapCount],
      );
      await writeLaps(q, id, d.rows);
    });
    return summaryById(db, id);
  });

  app.patch('/sessions/:id', { preHandler: authenticate }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const input = parseInput(sessionPatchSchema, request.body);
    let base: Date | undefined;
    if (input.baseUpdatedAt !== undefined) {
      base = new Date(input.baseUpdatedAt);
      if (Number.isNaN(base.getTime())) throw new ApiError(400, 'VALIDATION', 'Invalid request body: baseUpdatedAt: must be an ISO date', { baseUpdatedAt: 'Must be an ISO date' });
    }
    await checkReferences(input);
    const columns = { name: 'name', circuitId: 'circuit_id', vehicleCategoryId: 'vehicle_category_id', favorite: 'favorite', weatherConditions: 'weather_conditions' } as const;
    return db.tx(async (q) => {
      const me = caller(request);
      const [row] = await q.query<{ user_id: number; changed: boolean }>(
        `select user_id, coalesce(date_trunc('milliseconds', updated_at) > $2::timestamptz, false) as changed from sessions where id = $1 for update`,
        [id, base ? base.toISOString() : null],
      );
      if (!row || (row.user_id !== me.id && me.role !== 'admin')) throw notFound('Session not found.');
      const params: unknown[] = [id];
      const sets: string[] = [];
      for (const [field, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
        if (input[field] === undefined) continue;
        params.push(input[field]);
        sets.push(`${column} = $${params.length}`);
      }
      // Last writer wins; `conflict` tells the client it overwrote a copy changed since it last saw it.
      await q.query(`update sessions set ${[...sets, `updated_at = greatest(now(), updated_at + interval '1 millisecond')`].join(', ')} where id = $1`, params);
      const summary = await summaryById(q, id);
      return { ...summary, conflict: Boolean(base && row.changed) };
    });
  });

  app.delete('/sessions/:id', { preHandler: authenticate }, async (request, reply) => {
    const id = parseId((request.params as { id?: string }).id);
    await ownedOr404(request, id);
    await db.query('delete from sessions where id = $1', [id]);
    return reply.status(204).send();
  });

  app.post('/admin/sessions/datatable', { preHandler: requireAdmin }, async (request) => runDataTable(db, adminSessionsTable, parseDataTableRequest(request.body)));

  app.get('/admin/sessions/:id', { preHandler: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    return (await fullById(id)) ?? Promise.reject(notFound('Session not found.'));
  });
}

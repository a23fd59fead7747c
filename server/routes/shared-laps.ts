import type { FastifyInstance } from 'fastify';
import { lapCheckRequestSchema, sharedLapsQuerySchema, type LapSlice, type SharedLap } from '../../src/contracts/sharing';
import type { Visibility } from '../../src/contracts/visibility';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { authenticate, caller } from '../auth/guard';
import { lapVisibleSql, mayReadLaps } from '../sharing/shared-access';
import { sliceLapsLine, slicePositions } from '../sharing/lap-slice';
import { driverName } from '../leaderboards/leaderboard-store';
import { readPositions } from '../sessions/position-parts';

/** How many shared laps "Compare with..." lists. */
const SHARED_LAPS_LIMIT = 30;
/**
 * Shared sessions of a circuit read, fastest first, by the partial index of shared sessions before the per-viewer
 * check: a circuit with tens of thousands of shared sessions costs the same as one with a few thousand.
 */
const CANDIDATES = 2000;
/** Highest lap number a route accepts (a 7 h session has a few hundred laps). */
const MAX_LAP_NUMBER = 100_000;

function parseLapNumber(raw: unknown): number {
  const s = typeof raw === 'string' ? raw : '';
  if (!/^[1-9]\d{0,5}$/.test(s) || Number(s) > MAX_LAP_NUMBER) throw new ApiError(404, 'NOT_FOUND', 'notFound');
  return Number(s);
}

/**
 * Shared laps: the fastest shared laps of a circuit, one lap's slice, and which kept reference laps are still shared.
 * Who sees what: shared-access.ts. A session the caller may not see is a 404, the same as one that does not exist.
 * The profile's sharing settings: sharing-settings.ts; the Team view's sessions: team-sessions.ts.
 */
export default async function sharedLapRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/shared-laps', { onRequest: authenticate }, async (request) => {
    const me = caller(request);
    const query = parseInput(sharedLapsQuerySchema, request.query ?? {}, 'Query');
    // Each other racer's fastest shared session on the circuit among the fastest CANDIDATES, then its ranked lap's
    // number (the plausible lap a leaderboard ranks: leaderboard-plausible rules); the caller's category first.
    const rows = await db.query<{
      session_id: number; lap_number: number; best_lap_ms: number; first_name: string; last_name: string; circuit_id: number;
      vehicle_category_id: number | null; category: string | null; day: string; visibility: Visibility;
    }>(
      `select b.id as session_id, l.lap_number, b.ranked_lap_ms as best_lap_ms, u.first_name, u.last_name, b.circuit_id, b.vehicle_category_id,
              vc.name as category, sharing_local_day(b.date, co.timezone) as day, b.visibility
       from (select distinct on (s.user_id) s.id, s.user_id, s.ranked_lap_ms, s.circuit_id, s.vehicle_category_id, s.date, s.visibility
             from (select * from sessions x
                   where x.circuit_id = $1 and x.visibility <> 'private' and x.ranked_lap_ms is not null and x.user_id <> $2
                   order by x.ranked_lap_ms, x.id limit ${CANDIDATES}) s
             where ${lapVisibleSql('$2')}
             order by s.user_id, (s.vehicle_category_id is not distinct from $3::int) desc, s.ranked_lap_ms, s.date, s.id) b
         join users u on u.id = b.user_id
         join circuits c on c.id = b.circuit_id
         left join countries co on co.id = c.country_id
         left join vehicle_categories vc on vc.id = b.vehicle_category_id
         join lateral (select lap_number from session_laps x where x.session_id = b.id and x.valid and x.time_ms = b.ranked_lap_ms
                       order by lap_number limit 1) l on true
       where c.is_public or c.user_id = $2
       order by (b.vehicle_category_id is not distinct from $3::int) desc, b.ranked_lap_ms, b.date, b.id
       limit ${SHARED_LAPS_LIMIT}`,
      [query.circuitId, me.id, query.vehicleCategoryId ?? null],
    );
    const laps: SharedLap[] = rows.map((r) => ({
      sessionId: r.session_id,
      lapNumber: r.lap_number,
      lapTimeMs: r.best_lap_ms,
      ownerName: driverName(r.first_name, r.last_name),
      circuitId: r.circuit_id,
      vehicleCategoryId: r.vehicle_category_id,
      vehicleCategory: r.category,
      date: r.day,
      visibility: r.visibility,
    }));
    return { laps };
  });

  app.get<{ Params: { id: string; lap: string } }>('/shared-laps/:id/:lap', { onRequest: authenticate }, async (request): Promise<LapSlice> => {
    const me = caller(request);
    const id = parseId(request.params.id);
    const lapNumber = parseLapNumber(request.params.lap);
    if (!(await mayReadLaps(db, me, id))) throw notFound('lapNotFound');
    const [row] = await db.query<{
      time_ms: number; first_name: string; last_name: string; circuit_id: number | null; circuit_name: string | null; circuit_coordinates: string | null;
      vehicle_category_id: number | null; category: string | null; day: string; visibility: Visibility; laps: string;
    }>(
      `select l.time_ms, u.first_name, u.last_name, s.circuit_id, c.name as circuit_name, c.coordinates as circuit_coordinates,
              s.vehicle_category_id, vc.name as category, sharing_local_day(s.date, co.timezone) as day, s.visibility, s.laps
       from sessions s
         join users u on u.id = s.user_id
         join session_laps l on l.session_id = s.id and l.lap_number = $2 and l.time_ms > 0
         left join circuits c on c.id = s.circuit_id
         left join countries co on co.id = c.country_id
         left join vehicle_categories vc on vc.id = s.vehicle_category_id
       where s.id = $1`,
      [id, lapNumber],
    );
    if (!row || row.circuit_id === null) throw notFound('lapNotFound');
    const coordinates = slicePositions(await readPositions(db, id), lapNumber);
    if (!coordinates) throw notFound('lapNotFound');
    return {
      sessionId: id,
      lapNumber,
      lapTimeMs: row.time_ms,
      ownerName: driverName(row.first_name, row.last_name),
      circuitId: row.circuit_id,
      vehicleCategoryId: row.vehicle_category_id,
      vehicleCategory: row.category,
      date: row.day,
      visibility: row.visibility,
      lapsLine: sliceLapsLine(row.laps, lapNumber),
      coordinates,
      circuit: { id: row.circuit_id, name: row.circuit_name ?? '', coordinates: row.circuit_coordinates ?? '' },
    };
  });

  app.post('/shared-laps/check', { onRequest: authenticate }, async (request) => {
    const me = caller(request);
    const { laps } = parseInput(lapCheckRequestSchema, request.body);
    if (laps.length === 0) return { available: [] };
    const rows = await db.query<{ session_id: number; lap_number: number }>(
      `select s.id as session_id, l.lap_number
       from unnest($1::int[], $2::int[]) as r(session_id, lap_number)
         join sessions s on s.id = r.session_id
         join session_laps l on l.session_id = s.id and l.lap_number = r.lap_number and l.time_ms > 0
       where s.user_id = $3 or $4 or ${lapVisibleSql('$3')}`,
      [laps.map((l) => l.sessionId), laps.map((l) => l.lapNumber), me.id, me.role === 'admin'],
    );
    return { available: rows.map((r) => ({ sessionId: r.session_id, lapNumber: r.lap_number })) };
  });
}

import type { LeaderboardRequest, LeaderboardRow } from '../../src/contracts/leaderboard';
import type { Queryable } from '../db/db';
import { iso } from '../validate';
import { initialOf } from '../../src/contracts/person-name';
import { lapVisibleSql } from '../sharing/shared-access';

/**
 * The leaderboards' store: the SQL that ranks stored laps for POST /api/leaderboards (routes/leaderboards.ts), with
 * filters country, circuit, circuit type, vehicle category and Top 3 / Top 10.
 *
 * Rules:
 * - Only plausible laps count (migration 060): valid (time above zero), no shorter than the circuit's length at the
 *   top speed of the session's vehicle type (and 10 s), from a session whose positions cross the circuit's
 *   start/finish at least twice (finish-check.ts). A session's fastest such lap is `sessions.ranked_lap_ms`,
 *   recomputed whenever its laps, circuit or category change, and each driver's best per circuit and category is
 *   kept in `leaderboard_bests` by a trigger (migrations 012, 013, 060). Sessions without a circuit, and the
 *   sessions of deactivated accounts, are not ranked.
 * - Laps are ranked within one circuit: a lap time only compares with laps on the same track. Without a circuit
 *   filter ('all circuits') the answer lists every matching circuit's own Top N, circuit after circuit in name
 *   order, each with positions and gaps of its own.
 * - One row per driver and circuit: their best lap among the sessions matching the filters. If a driver set that
 *   time more than once, the earliest session (date, then id) is the one shown.
 * - Ties share a position (competition ranking: 1, 1, 3). Within a tie the driver who set the time first is listed
 *   first (session date, then user id). Top N returns every driver whose position is at most N, so a tie at the
 *   cut-off shows all tied drivers (never more than MAX_ROWS rows).
 * - Privacy: a row names its driver by first name and last initial (never an e-mail address) and tells the day of
 *   the lap, not its time; `comparable` says whether the viewer may fetch that lap to compare with (shared-access.ts).
 * - Gap: best lap minus the circuit leader's best lap. Optimal lap: the sum of that session's best sectors of plausible laps (null
 *   when a sector time is missing).
 */

/** Hard cap on rows returned, even when many drivers tie at the cut-off. */
const MAX_ROWS = 100;
/** Rows of leaderboard_bests read per step while walking its index in best-lap order. */
const BATCH = 200;

interface Candidate {
  session_id: number;
  user_id: number;
  best_lap_ms: number;
  date: Date;
  circuit_id: number;
  vehicle_category_id: number | null;
}

/** 'Ana Silva' -> 'Ana S.'; no last name -> 'Ana'. The initial is a whole code point (never half a surrogate pair). */
export function driverName(firstName: string, lastName: string): string {
  const initial = initialOf(lastName);
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/**
 * Positions with ties sharing one (1, 1, 3), for best laps already sorted ascending.
 * @internal Exported for its tests.
 */
export function competitionRanks(sortedTimes: readonly number[]): number[] {
  const ranks: number[] = [];
  sortedTimes.forEach((t, i) => ranks.push(i > 0 && t === sortedTimes[i - 1] ? ranks[i - 1] : i + 1));
  return ranks;
}

/** WHERE clauses for the filters over leaderboard_bests (migration 012), whose indexes lead with these columns. */
function filterSql(req: LeaderboardRequest, params: unknown[]): string[] {
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  if (req.circuitId !== undefined) clauses.push(`b.circuit_id = ${p(req.circuitId)}`);
  if (req.vehicleCategoryId !== undefined) clauses.push(`b.vehicle_category_id = ${p(req.vehicleCategoryId)}`);
  if (req.countryId !== undefined || req.circuitTypeId !== undefined) {
    const sub: string[] = [];
    if (req.countryId !== undefined) sub.push(`country_id = ${p(req.countryId)}`);
    if (req.circuitTypeId !== undefined) sub.push(`type_id = ${p(req.circuitTypeId)}`);
    clauses.push(`b.circuit_id = any(array(select id from circuits where ${sub.join(' and ')}))`);
  }
  return clauses;
}

/**
 * The circuits a viewer ($1: their id, or null) is ranked on: reference data, and their own circuits (another racer's
 * own circuit, not yet promoted by an admin, is theirs alone: never listed, named or ranked for anyone else).
 */
const VISIBLE = '(c.is_public or c.user_id = $1)';

/**
 * Computes one leaderboard: the one circuit asked for, or each matching circuit's own ranking (a lap time only
 * compares with laps on the same track), circuits in name order.
 */
export async function computeLeaderboard(q: Queryable, req: LeaderboardRequest, viewerId: number | null = null): Promise<LeaderboardRow[]> {
  const params: unknown[] = [viewerId];
  if (req.circuitId !== undefined) {
    const [seen] = await q.query(`select 1 from circuits c where c.id = $2 and ${VISIBLE}`, [viewerId, req.circuitId]);
    return seen ? computeCircuitLeaderboard(q, { ...req, circuitId: req.circuitId }, viewerId) : [];
  }
  const clauses = filterSql(req, params);
  const circuits = await q.query<{ circuit_id: number }>(
    `select c.id as circuit_id from circuits c
     where ${VISIBLE} and exists (select 1 from leaderboard_bests b join users u on u.id = b.user_id
                   where ${[...clauses, 'b.circuit_id = c.id', 'u.active'].join(' and ')})
     order by c.name, c.id`,
    params,
  );
  const rows: LeaderboardRow[] = [];
  for (const c of circuits) {
    for (const row of await computeCircuitLeaderboard(q, { ...req, circuitId: c.circuit_id }, viewerId)) rows.push(row);
  }
  return rows;
}

/**
 * Computes one circuit's leaderboard. Walks the matching rows of leaderboard_bests (each driver's best session per circuit
 * and category, kept by a trigger on sessions) in (best lap, date, session id) order, skipping drivers already
 * found, until it holds `limit` drivers and the next row is slower than the cut-off time.
 */
async function computeCircuitLeaderboard(q: Queryable, req: LeaderboardRequest & { circuitId: number }, viewerId: number | null): Promise<LeaderboardRow[]> {
  const found = new Map<number, Candidate>();
  const order: Candidate[] = [];
  let last: Candidate | null = null;
  for (;;) {
    const params: unknown[] = [];
    const clauses = filterSql(req, params);
    if (found.size > 0) {
      params.push([...found.keys()]);
      clauses.push(`b.user_id <> all($${params.length}::int[])`);
    }
    if (last) {
      params.push(last.best_lap_ms, last.date, last.session_id);
      const n = params.length;
      clauses.push(`(b.best_lap_ms, b.date, b.session_id) > ($${n - 2}::int, $${n - 1}::timestamptz, $${n}::int)`);
    }
    params.push(BATCH);
    const rows = await q.query<Candidate>(
      `select b.session_id, b.user_id, b.best_lap_ms, b.date, b.circuit_id, b.vehicle_category_id
       from leaderboard_bests b join users u on u.id = b.user_id
       where ${[...clauses, 'u.active'].join(' and ')}
       order by b.best_lap_ms, b.date, b.session_id
       limit $${params.length}`,
      params,
    );
    let stop = rows.length < BATCH;
    for (const row of rows) {
      last = row;
      if (found.has(row.user_id)) continue;
      const cutoff = order.length >= req.limit ? order[req.limit - 1].best_lap_ms : Infinity;
      if (row.best_lap_ms > cutoff || order.length >= MAX_ROWS) {
        stop = true;
        break;
      }
      found.set(row.user_id, row);
      order.push(row);
    }
    if (stop || rows.length === 0) break;
  }
  if (order.length === 0) return [];

  // Within a tie: earlier date first, then user id (the walk ordered equal times by date then session id).
  order.sort((a, b) => a.best_lap_ms - b.best_lap_ms || a.date.getTime() - b.date.getTime() || a.user_id - b.user_id);
  const ranks = competitionRanks(order.map((c) => c.best_lap_ms));
  const kept = order.filter((_, i) => ranks[i] <= req.limit);

  const sessionIds = kept.map((c) => c.session_id);
  const details = await q.query<{
    session_id: number;
    first_name: string;
    last_name: string;
    circuit_name: string;
    category_name: string | null;
    s1: number | null;
    s2: number | null;
    s3: number | null;
    day: string;
    lap_number: number | null;
    comparable: boolean;
  }>(
    `select s.id as session_id, u.first_name, u.last_name, c.name as circuit_name, vc.name as category_name,
       sharing_local_day(s.date, co.timezone) as day,
       (select min(l.lap_number) from session_laps l where l.session_id = s.id and l.valid and l.time_ms = s.ranked_lap_ms) as lap_number,
       (s.user_id <> $2::int and ${lapVisibleSql('$2::int')}) as comparable,
       (select min(l.s1_ms) from session_laps l where l.session_id = s.id and l.valid and l.time_ms >= s.ranked_lap_ms and l.s1_ms > 0) as s1,
       (select min(l.s2_ms) from session_laps l where l.session_id = s.id and l.valid and l.time_ms >= s.ranked_lap_ms and l.s2_ms > 0) as s2,
       (select min(l.s3_ms) from session_laps l where l.session_id = s.id and l.valid and l.time_ms >= s.ranked_lap_ms and l.s3_ms > 0) as s3
     from sessions s
       join users u on u.id = s.user_id
       join circuits c on c.id = s.circuit_id
       left join countries co on co.id = c.country_id
       left join vehicle_categories vc on vc.id = s.vehicle_category_id
     where s.id = any($1::int[])`,
    [sessionIds, viewerId ?? 0],
  );
  const byId = new Map(details.map((d) => [d.session_id, d]));
  const leader = kept[0].best_lap_ms;
  return kept.map((c, i) => {
    const d = byId.get(c.session_id);
    const sectors = [d?.s1, d?.s2, d?.s3];
    const optimal = sectors.every((s) => typeof s === 'number' && s > 0) ? (sectors as number[]).reduce((a, b) => a + b, 0) : null;
    return {
      position: ranks[i],
      driver: driverName(d?.first_name ?? '', d?.last_name ?? ''),
      userId: c.user_id,
      bestLapMs: c.best_lap_ms,
      gapMs: c.best_lap_ms - leader,
      // The day only (a lap on a leaderboard tells no time of day): noon UTC of the day at the circuit, which every
      // zone within 12 hours of UTC shows as that same day.
      date: d ? `${d.day}T12:00:00.000Z` : iso(c.date),
      sessionId: c.session_id,
      circuitId: c.circuit_id,
      circuitName: d?.circuit_name ?? '',
      vehicleCategory: d?.category_name ?? null,
      vehicleCategoryId: d?.category_name == null ? null : c.vehicle_category_id,
      optimalLapMs: optimal,
      lapNumber: d?.lap_number ?? null,
      comparable: d?.comparable === true && d.lap_number !== null,
    };
  });
}

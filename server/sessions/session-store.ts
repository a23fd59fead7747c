import type { Session, SessionSummary } from '../../src/contracts/entities';
import type { Visibility } from '../../src/contracts/visibility';
import type { Queryable } from '../db/db';
import { claimPositions, readPositions } from './position-parts';
import type { LapRow, SessionStats } from './lap-stats';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './session-rows';

/** The SQL of the sessions API, each statement once. Routes decide who may run which. */

/** A session's written values (POST and PUT), in SESSION_WRITE_COLUMNS order. */
export interface SessionWriteValues {
  name: string;
  filename: string;
  circuitId: number | null;
  vehicleCategoryId: number | null;
  /** ISO instant. */
  date: string;
  laps: string;
  favorite: boolean;
  weatherConditions: string | null;
  /** Whether the positions cross the circuit's start/finish (finish-check.ts); null without a circuit. */
  crossesFinish: boolean | null;
  /** The key of the position text's staged parts (position-parts.ts), claimed by the session. */
  positionsKey: string;
}

const SESSION_WRITE_COLUMNS = [
  'name', 'filename', 'circuit_id', 'vehicle_category_id', 'date', 'laps', 'favorite', 'weather_conditions',
  'laps_bytes', 'coordinates_bytes', 'content_sha256', 'best_lap_ms', 'lap_count', 'crosses_finish',
] as const;

/** Parameters for SESSION_WRITE_COLUMNS. */
function writeParams(v: SessionWriteValues, d: SessionStats): unknown[] {
  return [v.name, v.filename, v.circuitId, v.vehicleCategoryId, v.date, v.laps, v.favorite,
    v.weatherConditions, d.lapsBytes, d.coordinatesBytes, d.contentSha256, d.bestLapMs, d.lapCount, v.crossesFinish];
}

/** SESSION_WRITE_COLUMNS' placeholders from `$from` on. */
const writeValues = (from: number) => SESSION_WRITE_COLUMNS.map((_, i) => `$${from + i}`);

export async function listSummariesOf(q: Queryable, userId: number): Promise<SessionSummary[]> {
  const rows = await q.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where s.user_id = $1 order by s.date desc, s.id desc`, [userId]);
  return rows.map(toSummary);
}

export async function findSummary(q: Queryable, id: number): Promise<SessionSummary | null> {
  const [row] = await q.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where s.id = $1`, [id]);
  return row ? toSummary(row) : null;
}

/** The summary plus both texts. */
export async function findSession(q: Queryable, id: number): Promise<Session | null> {
  const [row] = await q.query<SummaryRow & { laps: string }>(`select ${SUMMARY_COLUMNS}, s.laps from ${SUMMARY_FROM} where s.id = $1`, [id]);
  return row ? { ...toSummary(row), coordinates: await readPositions(q, id), laps: row.laps } : null;
}

/**
 * The session's owner, null when there is no such session. `lockAndCompare` (inside a transaction) locks the row
 * and tells whether it changed after that instant (millisecond precision, as the client saw it).
 */
export async function findOwner(q: Queryable, id: number, lockAndCompare?: { since: Date | null }): Promise<{ userId: number; changed: boolean } | null> {
  if (!lockAndCompare) {
    const [row] = await q.query<{ user_id: number }>('select user_id from sessions where id = $1', [id]);
    return row ? { userId: row.user_id, changed: false } : null;
  }
  const [row] = await q.query<{ user_id: number; changed: boolean }>(
    `select user_id, coalesce(date_trunc('milliseconds', updated_at) > $2::timestamptz, false) as changed from sessions where id = $1 for update`,
    [id, lockAndCompare.since ? lockAndCompare.since.toISOString() : null],
  );
  return row ? { userId: row.user_id, changed: row.changed } : null;
}

/**
 * Inserts the session and its laps; null when the user already has one with this file name (nothing written).
 * In the upload's transaction (withStagedPositions).
 */
export async function insertSession(q: Queryable, userId: number, v: SessionWriteValues, d: SessionStats): Promise<number | null> {
  const [created] = await q.query<{ id: number }>(
    // A new session is shared as its owner's profile says (private unless they chose otherwise).
    `insert into sessions (user_id, visibility, ${SESSION_WRITE_COLUMNS.join(', ')})
     values ($1, (select default_visibility from users where id = $1), ${writeValues(2).join(', ')})
     on conflict (user_id, filename) do nothing returning id`,
    [userId, ...writeParams(v, d)],
  );
  if (!created) return null;
  await claimPositions(q, created.id, v.positionsKey);
  await writeLaps(q, created.id, d.rows);
  return created.id;
}

/** The user's session with this file name and its content hash. */
export async function findByFilename(q: Queryable, userId: number, filename: string): Promise<{ id: number; contentSha256: string } | null> {
  const [row] = await q.query<{ id: number; content_sha256: string }>('select id, content_sha256 from sessions where user_id = $1 and filename = $2', [userId, filename]);
  return row ? { id: row.id, contentSha256: row.content_sha256 } : null;
}

/** Replaces the session's values, texts and laps. In the upload's transaction (withStagedPositions). */
export async function replaceSession(q: Queryable, id: number, v: SessionWriteValues, d: SessionStats): Promise<void> {
  const values = writeValues(2);
  const sets = SESSION_WRITE_COLUMNS.map((column, i) => `${column} = ${values[i]}`);
  await q.query(`update sessions set ${sets.join(', ')}, updated_at = now() where id = $1`, [id, ...writeParams(v, d)]);
  await claimPositions(q, id, v.positionsKey);
  await writeLaps(q, id, d.rows);
}

/** The fields PATCH may change. */
export interface SessionPatchValues {
  name?: string;
  /** ISO instant (checked by the route). */
  date?: string;
  circuitId?: number | null;
  vehicleCategoryId?: number | null;
  favorite?: boolean;
  weatherConditions?: string | null;
  visibility?: Visibility;
}

const PATCH_COLUMNS: ReadonlyArray<readonly [keyof SessionPatchValues, string]> = [
  ['name', 'name'],
  ['date', 'date'],
  ['circuitId', 'circuit_id'],
  ['vehicleCategoryId', 'vehicle_category_id'],
  ['favorite', 'favorite'],
  ['weatherConditions', 'weather_conditions'],
  ['visibility', 'visibility'],
];

/** Sets the given fields; `updated_at` always moves forward, so every change is seen as one. */
export async function patchSession(q: Queryable, id: number, patch: SessionPatchValues): Promise<void> {
  const params: unknown[] = [id];
  const sets: string[] = [];
  for (const [field, column] of PATCH_COLUMNS) {
    if (patch[field] === undefined) continue;
    params.push(patch[field]);
    sets.push(`${column} = $${params.length}`);
  }
  sets.push(`updated_at = greatest(now(), updated_at + interval '1 millisecond')`);
  await q.query(`update sessions set ${sets.join(', ')} where id = $1`, params);
}

export async function deleteSession(q: Queryable, id: number): Promise<void> {
  await q.query('delete from sessions where id = $1', [id]);
}

/** Whether the circuit exists and this user may time a session on it: reference data, or a circuit of their own. */
export async function circuitExists(q: Queryable, id: number, userId: number): Promise<boolean> {
  return (await q.query('select 1 from circuits where id = $1 and (is_public or user_id = $2)', [id, userId])).length > 0;
}

export async function vehicleCategoryExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('select 1 from vehicle_categories where id = $1', [id])).length > 0;
}

async function writeLaps(q: Queryable, sessionId: number, rows: LapRow[]): Promise<void> {
  await q.query('delete from session_laps where session_id = $1', [sessionId]);
  if (rows.length === 0) return;
  // One statement with one array a column, whatever the lap count (a multi-row VALUES list needs a parameter per
  // value and a statement per few hundred laps).
  const n = rows.length;
  const lapNumber = new Array<number>(n);
  const timeMs = new Array<number>(n);
  const s1 = new Array<number>(n);
  const s2 = new Array<number>(n);
  const s3 = new Array<number>(n);
  const valid = new Array<boolean>(n);
  for (let i = 0; i < n; i++) {
    const l = rows[i];
    lapNumber[i] = l.lapNumber;
    timeMs[i] = l.timeMs;
    s1[i] = l.sectorsMs[0];
    s2[i] = l.sectorsMs[1];
    s3[i] = l.sectorsMs[2];
    valid[i] = l.valid;
  }
  await q.query(
    `insert into session_laps (session_id, lap_number, time_ms, s1_ms, s2_ms, s3_ms, valid)
     select $1, * from unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::boolean[])`,
    [sessionId, lapNumber, timeMs, s1, s2, s3, valid],
  );
}

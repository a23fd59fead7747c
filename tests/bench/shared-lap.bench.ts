/**
 * Shared-lap benchmark (target: p95 <= 50 ms to serve one lap on PostgreSQL with 1,000,000 sessions).
 * A fresh schema gets 20,000 racers in 2,000 teams of 5, 1,000,000 sessions on the seeded circuits (10% public,
 * 10% team, the rest private; two lap rows each; no positions) written by generate_series, and 100 public sessions
 * with real-sized positions (10 laps of 1:30 at 25 Hz, 22,500 fixes, ~0.9 MB of text each). Then it times
 * GET /api/shared-laps/{id}/{lap} through the app (access check, the row, slicing the lap out of the text, JSON and
 * gzip) for random public sessions and laps as another racer, and the "Compare with..." list of a circuit.
 * Figures: median and p95 of 200 runs after 20 warm-up runs (ms), and the gzip size of one lap. PostgreSQL only
 * (TEST_DATABASE_URL or the local default); PGlite is the one-process install and is not filled to this size.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { PART_BYTES } from '../../server/sessions/position-parts';
import { createHarness, type Harness } from '../helpers/server-harness';

const RACERS = 20_000;
const SESSIONS = 1_000_000;
const TARGETS = 100;
const LAPS = 10;
const FIXES_PER_LAP = 90 * 25;
const RUNS = 200;
const WARMUP = 20;

const log = (s: string) => console.log(`# shared-lap: ${s}`);

function stats(samples: number[]): { medianMs: number; p95Ms: number; spreadMs: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: Number(at(0.5).toFixed(2)), p95Ms: Number(at(0.95).toFixed(2)), spreadMs: Number((at(0.9) - at(0.1)).toFixed(2)) };
}

/** 10 laps of a 1:30 loop at 25 Hz in the device's line format. */
function positions(): string {
  const lines: string[] = [];
  for (let i = 0; i < FIXES_PER_LAP * LAPS; i++) {
    const a = ((i % FIXES_PER_LAP) / FIXES_PER_LAP) * 2 * Math.PI;
    lines.push(`${1 + Math.floor(i / FIXES_PER_LAP)};${i * 40};${(41.5 + 0.003 * Math.sin(a)).toFixed(7)};${(-8.4 + 0.004 * Math.cos(a)).toFixed(7)};${(80 + 40 * Math.sin(3 * a)).toFixed(1)}`);
  }
  return lines.join('\n') + '\n';
}

async function fill(h: Harness): Promise<{ targets: number[]; circuitId: number }> {
  const db = h.app.db;
  await db.query(
    `insert into users (email, first_name, last_name, password_hash, verified)
     select 'shared' || g || '@bench.test', 'Racer' || g, 'Bench', 'x', true from generate_series(1, ${RACERS}) g`,
  );
  const [{ u0 }] = await db.query<{ u0: number }>("select min(id) as u0 from users where email like 'shared%@bench.test'");
  await db.query(`insert into teams (name, owner_id) select 'Team ' || g, $1::int + (g - 1) * 5 from generate_series(1, ${RACERS / 5}) g`, [u0]);
  const [{ t0 }] = await db.query<{ t0: number }>("select min(id) as t0 from teams where name like 'Team %'");
  await db.query(
    `insert into team_members (team_id, user_id, role) select $2::int + (g / 5), $1::int + g, case when g % 5 = 4 then 'coach' else 'racer' end
     from generate_series(0, ${RACERS - 1}) g`,
    [u0, t0],
  );
  const circuits = (await db.query<{ id: number }>('select id from circuits order by id')).map((c) => c.id);
  log(`${SESSIONS} sessions`);
  // The leaderboard trigger runs a query per row: off for the bulk load (this benchmark reads no leaderboard).
  await db.exec('alter table sessions disable trigger user');
  await db.query(
    `insert into sessions (user_id, name, filename, circuit_id, vehicle_category_id, date, content_sha256, lap_count, best_lap_ms, crosses_finish, ranked_lap_ms, visibility)
     select $1::int + (g % ${RACERS}), 'Bench ' || g, 'bench_' || g, ($2::int[])[1 + g % array_length($2::int[], 1)], null,
            timestamptz '2025-01-01' + (g || ' minutes')::interval, md5(g::text), 2, 88000 + (g % 5000), true, 88000 + (g % 5000),
            case g % 10 when 0 then 'public' when 1 then 'team' else 'private' end
     from generate_series(1, ${SESSIONS}) g`,
    [u0, circuits],
  );
  await db.exec('alter table sessions enable trigger user');
  log('laps');
  await db.exec(`
    insert into session_laps (session_id, lap_number, time_ms, s1_ms, s2_ms, s3_ms, valid)
    select s.id, l, s.best_lap_ms + (l - 1) * 500, 30000, 30000, s.best_lap_ms + (l - 1) * 500 - 60000, true
    from sessions s cross join generate_series(1, 2) l where s.filename like 'bench_%'`);
  log(`${TARGETS} public sessions with ${LAPS} laps of positions`);
  const text = positions();
  const laps = Array.from({ length: LAPS }, (_, i) => `${i + 1};${i + 1};90000;30000;30000;30000;120.0;40.0`).join('\n') + '\n';
  const targets = (await db.query<{ id: number }>(`select id from sessions where visibility = 'public' and filename like 'bench_%' order by id desc limit ${TARGETS}`)).map((r) => r.id);
  await db.query('update sessions set laps = $3, coordinates_bytes = octet_length($2), laps_bytes = length($3) where id = any($1::int[])', [targets, text, laps]);
  // The position text as the server stores it: in parts (server/sessions/position-parts.ts).
  await db.query(
    `insert into session_position_parts (session_id, seq, part)
     select t, k, substr($2, 1 + k * $3, $3) from unnest($1::int[]) t cross join generate_series(0, (length($2) - 1) / $3) k`,
    [targets, text, PART_BYTES],
  );
  await db.query(
    `insert into session_laps (session_id, lap_number, time_ms, s1_ms, s2_ms, s3_ms, valid)
     select t, l, 90000, 30000, 30000, 30000, true from unnest($1::int[]) t cross join generate_series(3, ${LAPS}) l`,
    [targets],
  );
  await db.exec('vacuum analyze');
  return { targets, circuitId: circuits[0] };
}

export default async function sharedLapBench(): Promise<Record<string, unknown>> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (url === 'off') return { postgres: { skipped: 'TEST_DATABASE_URL=off' } };
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  let h: Harness;
  try {
    h = await createHarness();
  } catch (e) {
    return { postgres: { skipped: `unreachable: ${e instanceof Error ? e.message : String(e)}` } };
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }
  try {
    const started = performance.now();
    const { targets, circuitId } = await fill(h);
    const [{ n }] = await h.app.db.query<{ n: number }>('select count(*)::int as n from sessions');
    const fillSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
    log(`${n} sessions in ${fillSeconds} s`);
    const headers = { ...h.other.headers, 'accept-encoding': 'gzip' };
    const pick = () => `/api/shared-laps/${targets[randomBytes(2).readUInt16LE() % targets.length]}/${2 + (randomBytes(1)[0] % (LAPS - 2))}`;
    let gzipBytes = 0;
    const lap: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await h.inject({ method: 'GET', url: pick(), headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`lap answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      gzipBytes = res.rawPayload.length;
      if (i >= WARMUP) lap.push(ms);
    }
    const list: number[] = [];
    for (let i = 0; i < WARMUP + RUNS / 4; i++) {
      const t0 = performance.now();
      const res = await h.inject({ method: 'GET', url: `/api/shared-laps?circuitId=${circuitId}`, headers });
      if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
      if (i >= WARMUP) list.push(performance.now() - t0);
    }
    const oneLap = stats(lap);
    const figures = { loadAverage1m: Number(loadavg()[0].toFixed(1)), sessions: n, fillSeconds, oneLap, oneLapGzipBytes: gzipBytes, compareWithList: stats(list), within50ms: oneLap.p95Ms <= 50, within200KB: gzipBytes <= 200 * 1024 };
    log(`one lap: median ${oneLap.medianMs} ms, p95 ${oneLap.p95Ms} ms, ${gzipBytes} bytes gzip; list: ${JSON.stringify(figures.compareWithList)}`);
    return { postgres: figures };
  } finally {
    await h.close();
  }
}

/**
 * Server abuse benchmark: a real server process (server/main.ts, as `npm run serve` starts it), on PGlite and on
 * PostgreSQL (SERVER_ABUSE_DBS), three runs each (SERVER_ABUSE_RUNS), each on a fresh database:
 * - idle memory: the process's resident memory once started (migrated, seeded), before any request;
 * - abuse: two worst-case uploads of each hostile shape (a laps text of 14 million bad lines, one of a million good
 *   lap lines, a columnar text of 13 million empty columns, a columnar shape of 20 million entries, each gzipped)
 *   and two real 40 MiB uploads all at once, from five racers (two uploads each, the per-racer limit), while
 *   another client (countries-probe.ts, a process of its own) asks `GET /api/countries` in a loop: its p50/p99 and
 *   the process's resident memory growth (sampled every 100 ms from /proc) while they run. Targets: p99 <= 50 ms,
 *   growth <= 300 MB. The same loop in the load generator's own process is printed beside it (`inLoadProcess`):
 *   its first request waits out the generator's own stall as the burst starts;
 * - a real 7 h 25 Hz session (630,000 fixes) uploaded as the app sends it (columns, gzip), timed to its 201.
 *   Target <= 1.5 s.
 * Every phase logs in again first: an access token lives 15 minutes, and a slow phase must not end in a 401.
 * Prints each run's figures, then the median and the spread (min-max) of the runs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { createHttpClient } from '../../src/data/api/http-client';
import { createSessionsApi } from '../../src/data/api/sessions-api';
import { COLUMNAR_SESSION_MEDIA_TYPE } from '../../src/contracts/columnar-text';
import { killServer, spawnServer, type ServerProcess } from '../helpers/server-process';
import { seedPgliteDataDir } from '../helpers/pglite-template';
import { lapsText } from '../helpers/session-fixtures';
import { loadSession, median } from './domain-data';

const MiB = 1024 * 1024;
const RUNS = Number(process.env.SERVER_ABUSE_RUNS ?? 3);
/** `SERVER_ABUSE_DBS=postgres` (or `pglite`) runs one database only. */
const DBS = (process.env.SERVER_ABUSE_DBS ?? 'pglite,postgres').split(',').filter((d): d is 'pglite' | 'postgres' => d === 'pglite' || d === 'postgres');
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1' };

interface Body {
  label: string;
  contentType: string;
  payload: Buffer;
}

const rssMiB = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** Waits until the server's port accepts a connection: no HTTP request, so the idle figure is before any. */
async function untilListening(s: ServerProcess, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (s.proc.exitCode !== null) throw new Error(`server exited with ${s.proc.exitCode}: ${s.stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(s.port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`server did not start: ${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

const bodyOf = (over: Record<string, unknown>) => ({
  name: 'Bench abuse',
  filename: `20260412_1030_Bench abuse ${Math.random().toString(36).slice(2)}`,
  date: '2026-04-12T10:30:00.000Z',
  laps: lapsText([65_432, 64_210]),
  coordinates: '1;0;41.5;-8.4;60.0\n',
  ...over,
});
const gzJson = (label: string, json: string, contentType = 'application/json'): Body => ({ label, contentType, payload: gzipSync(json) });

/** The hostile shapes, as bodies a racer could send (each at most 40 MiB once inflated, the upload limit). */
function hostileBodies(): Body[] {
  const shapeJson = JSON.stringify(bodyOf({ coordinates: 'SHAPE' })).replace(
    '"SHAPE"',
    `{"format":"columns-v1","shape":[${'1,'.repeat(20_000_000 - 1)}1],"columns":[""],"deltas":[]}`,
  );
  const columnsJson = JSON.stringify(bodyOf({ coordinates: 'COLS' })).replace(
    '"COLS"',
    `{"format":"columns-v1","shape":[13000000,1],"columns":[${'"",'.repeat(13_000_000 - 1)}""],"deltas":[]}`,
  );
  return [
    gzJson('laps of 14 million bad lines', JSON.stringify(bodyOf({ laps: 'x\n'.repeat(14_000_000) }))),
    gzJson('laps of 1,076,303 good lines', JSON.stringify(bodyOf({ laps: lapsText(Array.from({ length: 1_076_303 }, () => 61_000)) }))),
    gzJson('13 million empty columns', columnsJson, COLUMNAR_SESSION_MEDIA_TYPE),
    gzJson('a shape of 20 million entries', shapeJson, COLUMNAR_SESSION_MEDIA_TYPE),
  ];
}

/** A real session's position lines (the 7 h one's) repeated to just under 40 MiB: the biggest upload accepted. */
function real40MiB(coordinates: string, laps: string, n: number): Body {
  // Sized on the JSON text: each line break is written as two characters there, and the limit is on the body.
  const lines = coordinates.split('\n').length;
  const room = Math.floor((40 * MiB - 2 * laps.length - 65_536) * (coordinates.length / (coordinates.length + lines)));
  let text = coordinates;
  while (text.length < room) text += coordinates;
  text = text.slice(0, text.lastIndexOf('\n', room) + 1);
  return gzJson('real 40 MiB', JSON.stringify(bodyOf({ name: `Bench 40 MiB ${n}`, laps, coordinates: text })));
}

/** The 7 h session's body exactly as the app sends it (sessions-api over the http client: columns, gzip). */
async function appBody(coordinates: string, laps: string): Promise<Body> {
  let captured: Body | undefined;
  const fetchFn = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    captured = {
      label: '7 h session',
      contentType: headers['Content-Type'],
      payload: Buffer.from(await new Response(init?.body as BodyInit).arrayBuffer()),
    };
    if (headers['Content-Encoding'] !== 'gzip') throw new Error('the app did not gzip the 7 h session');
    return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  await createSessionsApi(createHttpClient({ fetchFn })).create({ name: 'Bench 7 h', filename: '20260412_1030_Bench 7 h', date: '2026-04-12T10:30:00', laps, coordinates }).catch(() => undefined);
  if (!captured) throw new Error('the app sent no body');
  return captured;
}

const upload = async (url: string, token: string, body: Body): Promise<{ status: number; ms: number }> => {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, 'content-encoding': 'gzip' },
    body: new Uint8Array(body.payload),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
};

const quantile = (values: number[], q: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

interface RunFigures {
  idleRssMiB: number;
  countriesP50Ms: number;
  countriesP99Ms: number;
  countriesMaxMs: number;
  countriesRequests: number;
  /** The same loop's p99 in the load generator's process. */
  inLoadProcessP99Ms: number;
  inLoadProcessMaxMs: number;
  abuseRssGrowthMiB: number;
  abuseStatuses: string;
  abuseWallS: number;
  sevenHourStoreMs: number;
  sevenHourStatus: number;
}

async function oneRun(db: 'pglite' | 'postgres', run: number, hostile: Body[], real: Body[], sevenHours: Body): Promise<RunFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'astro-bench-abuse-'));
  const schema = `bench_abuse_${process.pid}_${run}`;
  if (db === 'pglite') await seedPgliteDataDir(dataDir);
  const server = await spawnServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(db === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
  });
  let probe: ReturnType<typeof fork> | undefined;
  try {
    await untilListening(server);
    await new Promise((r) => setTimeout(r, 5_000));
    const idleRssMiB = rssMiB(server.proc.pid!);
    console.log(`# server-abuse: ${db} run ${run}: idle ${idleRssMiB.toFixed(0)} MiB`);

    const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
    const racers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `racer${i}@bench.test`;
      const res = await fetch(`${server.url}/api/admin/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, firstName: `Racer ${i}`, password: 'bench-racer-password-1' }),
      });
      if (!res.ok) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
      racers.push(await login(server.url, email, 'bench-racer-password-1'));
    }

    // Abuse: every body twice, two per racer at once (the per-racer limit), with the countries loop beside them.
    const bodies = [...hostile.flatMap((b) => [b, b]), ...real];
    const rssBefore = rssMiB(server.proc.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(server.proc.pid!))), 100);
    const latencies: number[] = [];
    let uploading = true;
    const countries = (async () => {
      while (uploading) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/countries`);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const child = (probe = fork(fileURLToPath(new URL('./countries-probe.ts', import.meta.url)), [`${server.url}/api/countries`]));
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the countries probe exited with ${code}`))));
    exited.catch(() => undefined);
    const message = () => Promise.race([new Promise<unknown>((resolve) => child.once('message', resolve)), exited]);
    // 'ready', then its latencies once stopped.
    await message();
    const probed = message();
    probed.catch(() => undefined);
    const t0 = performance.now();
    const results = await Promise.all(bodies.map((b, i) => upload(server.url, racers[Math.floor(i / 2)], b).then((r) => `${b.label}: ${r.status}`)));
    const abuseWallS = (performance.now() - t0) / 1000;
    uploading = false;
    await countries;
    child.send('stop');
    const probeLatencies = (await probed) as number[];
    clearInterval(sampler);
    const statuses = [...new Set(results)].join('; ');

    // The 7 h session, by a racer who logs in again now (a token from before the abuse may have expired).
    const fresh = await login(server.url, 'racer0@bench.test', 'bench-racer-password-1');
    const seven = await upload(server.url, fresh, sevenHours);
    const figures: RunFigures = {
      idleRssMiB: Math.round(idleRssMiB),
      countriesP50Ms: Math.round(quantile(probeLatencies, 0.5)),
      countriesP99Ms: Math.round(quantile(probeLatencies, 0.99)),
      countriesMaxMs: Math.round(Math.max(...probeLatencies)),
      countriesRequests: probeLatencies.length,
      inLoadProcessP99Ms: Math.round(quantile(latencies, 0.99)),
      inLoadProcessMaxMs: Math.round(Math.max(...latencies)),
      abuseRssGrowthMiB: Math.round(rssPeak - rssBefore),
      abuseStatuses: statuses,
      abuseWallS: Math.round(abuseWallS * 10) / 10,
      sevenHourStoreMs: Math.round(seven.ms),
      sevenHourStatus: seven.status,
    };
    console.log(`# server-abuse: ${db} run ${run}: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    probe?.kill();
    await killServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (db === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
    }
  }
}

/** Median and spread (min-max) of each numeric figure over the runs. */
function summary(runs: RunFigures[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(runs[0]) as Array<keyof RunFigures>) {
    const values = runs.map((r) => r[key]);
    out[key] = typeof values[0] === 'number' ? { median: median(values as number[]), min: Math.min(...(values as number[])), max: Math.max(...(values as number[])) } : [...new Set(values)];
  }
  return out;
}

export default async function serverAbuseBench(): Promise<Record<string, unknown>> {
  const session = loadSession('session-7h', 7 * 3600 * 25);
  const coordinates = new TextDecoder().decode(session.nmea);
  console.log('# server-abuse: building the bodies');
  const hostile = hostileBodies();
  const real = [real40MiB(coordinates, session.laps, 1), real40MiB(coordinates, session.laps, 2)];
  const sevenHours = await appBody(coordinates, session.laps);
  console.log(
    `# server-abuse: bodies (gzipped) ${[...hostile, ...real, sevenHours].map((b) => `${b.label} ${(b.payload.length / MiB).toFixed(2)} MiB`).join(', ')}`,
  );
  const out: Record<string, unknown> = {};
  for (const db of DBS) {
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await oneRun(db, run, hostile, real, sevenHours));
    out[db] = { runs, ...summary(runs) };
    const s = out[db] as Record<string, { median: number; min: number; max: number }>;
    console.log(
      `# server-abuse: ${db} (median, min-max of ${RUNS}): idle ${s.idleRssMiB.median} MiB (${s.idleRssMiB.min}-${s.idleRssMiB.max}); ` +
        `countries p99 ${s.countriesP99Ms.median} ms (${s.countriesP99Ms.min}-${s.countriesP99Ms.max}; in the load generator's process ${s.inLoadProcessP99Ms.median} ms), RSS growth ${s.abuseRssGrowthMiB.median} MiB ` +
        `(${s.abuseRssGrowthMiB.min}-${s.abuseRssGrowthMiB.max}); 7 h upload stored in ${s.sevenHourStoreMs.median} ms (${s.sevenHourStoreMs.min}-${s.sevenHourStoreMs.max})`,
    );
  }
  return out;
}

/**
 * Load benchmark: the real API (server/main.ts `startServer`, PGlite in a temp DATA_DIR, auth rate limits
 * raised so that the login figure measures the server rather than the limiter) under autocannon:
 *   - login (POST /api/auth/login, argon2 verification each time)
 *   - session list (GET /api/sessions, 50 sessions)
 *   - sessions data table (POST /api/sessions/datatable, sorted, first page)
 *   - leaderboard (POST /api/leaderboards for one circuit)
 * each reported as requests/s (mean) and latency p50/p99 in ms, with the count of non-2xx answers and errors.
 * Then 200 concurrent uploads of one 25 MB session by one user (a retry storm of the same file: the server takes
 * CONCURRENT_UPLOADS_PER_USER of them at once and answers the rest 429 before reading them; of those it takes, the
 * first stores it, the others are deduplicated) with the server's resident memory sampled every 50 ms:
 * peak RSS above the idle baseline is the figure that shows whether memory stays bounded. A safety cap aborts
 * the uploads if the process passes 6 GiB (reported as `aborted`), so the shared machine is never exhausted.
 * The machine is shared (2 cores): run it alone (`npm run bench -- load`) for figures worth quoting.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer } from '../../server/main';
import { lapsText, nmeaText } from '../helpers/session-fixtures';

const log = (s: string) => console.log(`# load: ${s}`);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 10);
const UPLOADS = Number(process.env.LOAD_UPLOADS ?? 200);
const UPLOAD_LINES = 680_000; // ~25 MB of position text
const RSS_CAP = 6 * 1024 ** 3;

interface Figures {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function cannon(opts: autocannon.Options): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, r) => {
      if (err) return reject(err);
      resolve({
        requestsPerSec: Math.round(r.requests.average),
        latencyP50Ms: r.latency.p50,
        latencyP99Ms: r.latency.p99,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

/** One POST with a shared body buffer (no per-request copy on the client side). */
function post(url: URL, headers: Record<string, string>, body: Buffer, agent: http.Agent, sockets: Set<import('node:net').Socket>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(-1));
    });
    req.on('socket', (s) => sockets.add(s));
    req.on('error', () => resolve(-1));
    req.end(body);
  });
}

export default async function loadBench(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'astro-load-'));
  const adminPassword = `Adm1n-${randomBytes(6).toString('hex')}`;
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    databaseSchema: undefined,
    adminEmail: 'admin@load.test',
    adminPassword,
    logLevel: 'error',
    rateLimits: { authPerIp: 1_000_000, authPerEmail: 1_000_000, windowMs: 60_000 },
  });
  const base = server.url;
  try {
    const api = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const loginBody = JSON.stringify({ email: 'admin@load.test', password: adminPassword });
    const { accessToken } = (await api('/auth/login', { method: 'POST', body: loginBody })) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };
    const circuits = (await api('/circuits')) as Array<{ id: number }>;
    const circuitId = circuits[0].id;
    log('seeding 50 sessions');
    for (let i = 0; i < 50; i++) {
      await api('/sessions', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          name: `Load session ${i}`,
          filename: `load_${i}`,
          circuitId,
          date: new Date(Date.UTC(2026, 3, 1 + (i % 28), 10)).toISOString(),
          laps: lapsText([60_000 + i * 17, 61_000 + i * 13, 59_500 + i * 11]),
          coordinates: nmeaText(500),
        }),
      });
    }

    const common = { url: base, duration: DURATION_S, connections: 20 };
    const results: Record<string, unknown> = {};
    log('login');
    results.login = await cannon({ ...common, connections: 10, url: `${base}/api/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody });
    log('session list');
    results.sessionList = await cannon({ ...common, url: `${base}/api/sessions`, headers: auth });
    log('datatable');
    results.sessionsDatatable = await cannon({
      ...common,
      url: `${base}/api/sessions/datatable`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 0, pageSize: 10, sortBy: [{ field: 'date', order: 'desc' }] }),
    });
    log('leaderboard');
    results.leaderboard = await cannon({
      ...common,
      url: `${base}/api/leaderboards`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ circuitId, limit: 10 }),
    });

    log(`${UPLOADS} concurrent uploads of a 25 MB session`);
    const body = Buffer.from(
      JSON.stringify({
        name: 'Load 7 h session',
        filename: 'load_7h_session',
        circuitId,
        date: '2026-04-12T10:30:00.000Z',
        laps: lapsText(Array.from({ length: 400 }, (_, i) => 62_000 + (i % 37) * 29)),
        coordinates: nmeaText(UPLOAD_LINES),
      }),
    );
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let aborted = false;
    const sockets = new Set<import('node:net').Socket>();
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      peak = Math.max(peak, rss);
      if (rss > RSS_CAP && !aborted) {
        aborted = true;
        for (const s of sockets) s.destroy();
      }
    }, 50);
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: UPLOADS }, () => post(new URL(`${base}/api/sessions`), auth, body, agent, sockets)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    agent.destroy();
    const byStatus: Record<string, number> = {};
    for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
    const list = (await api('/sessions', { headers: auth })) as Array<{ filename: string }>;
    results.uploads = {
      concurrent: UPLOADS,
      bodyMb: +(body.length / 1024 ** 2).toFixed(1),
      seconds: +seconds.toFixed(1),
      statuses: byStatus,
      storedCopies: list.filter((s) => s.filename === 'load_7h_session').length,
      baselineRssMb: Math.round(baseline / 1024 ** 2),
      peakRssMb: Math.round(peak / 1024 ** 2),
      peakAboveBaselineMb: Math.round((peak - baseline) / 1024 ** 2),
      aborted,
    };
    log(JSON.stringify(results.uploads));
    return results;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

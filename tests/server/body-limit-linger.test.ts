import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { killServer, spawnServer, waitUntilUp, type ServerProcess } from '../helpers/server-process';
import { seedPgliteDataDir } from '../helpers/pglite-template';
import { LINGER_MAX_MS } from '../../server/limits';

/**
 * A body over the limit is answered 413 and the client may finish sending (lingering close): Node's fetch, which
 * writes the whole body before it reads the answer, sees the 413 rather than EPIPE / ECONNRESET (before, one try in
 * two ended that way). The lingering is bounded: a client that stops sending is closed after LINGER_MAX_MS. A server
 * process of its own, so that client and server do not share an event loop (the reset is a matter of timing).
 * The PGlite pass only: the socket handling is the same on PostgreSQL.
 */
let dataDir: string;
let server: ServerProcess | undefined;
const ADMIN = { email: 'admin@linger.test', password: 'linger-test-password' };

beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  dataDir = mkdtempSync(join(tmpdir(), 'astro-linger-'));
  await seedPgliteDataDir(dataDir);
  server = await spawnServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await waitUntilUp(server);
}, 300_000);

afterAll(async () => {
  await killServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The status Node's fetch reports, or the name of the network error it throws instead. */
async function post(path: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer>): Promise<number | string> {
  try {
    const res = await fetch(`${server!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    await res.arrayBuffer();
    return res.status;
  } catch (e) {
    return String((e as Error).cause ?? e);
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('bodies over the limit, sent with Node fetch', { timeout: 300_000 }, () => {
  it('a 20 MiB login body (limit 1 MiB) is answered 413 on every one of 6 tries, never a reset', async () => {
    const body = new Uint8Array(20 << 20).fill(32);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await post('/api/auth/login', {}, body));
    expect(statuses).toEqual([413, 413, 413, 413, 413, 413]);
  });

  it('a 60 MiB session upload (limit 40 MiB) is answered 413 on every one of 4 tries, never a reset', async () => {
    const login = await fetch(`${server!.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const body = new Uint8Array(60 << 20).fill(32);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await post('/api/sessions', { authorization: `Bearer ${accessToken}` }, body));
    expect(statuses).toEqual([413, 413, 413, 413]);
  });

  it('a client that announces 100 MiB, sends 2 MiB and then stalls is closed after the lingering time', { timeout: 60_000 }, async () => {
    const socket = net.connect(server!.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${100 << 20}\r\n\r\n`);
    socket.write(Buffer.alloc(2 << 20, 32));
    const answeredAt = await new Promise<number>((resolve) => {
      const check = () => (answer.includes('\r\n\r\n') ? resolve(Date.now()) : socket.once('data', check));
      check();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    const closedAt = await closed;
    // Closed by the server (the client never ends), within the lingering time and a margin for a busy machine.
    expect(closedAt - answeredAt).toBeLessThan(LINGER_MAX_MS + 3_000);
  });
});

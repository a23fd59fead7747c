import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { killServer, spawnServer, waitUntilUp, type ServerProcess } from '../helpers/server-process';
import { seedPgliteDataDir } from '../helpers/pglite-template';
import { LOCK_FILE } from '../../server/db/data-dir-lock';

/**
 * A server whose SMTP server takes connections and never answers stops promptly on SIGTERM and frees DATA_DIR: the
 * mails waiting are given up after the drain's deadline instead of holding the process (and the folder's lock) for
 * minutes. The PGlite pass only: the DATA_DIR lock is the embedded database's, and the mail queue is the same on
 * PostgreSQL.
 */
let dataDir: string;
let server: ServerProcess | undefined;
const silentSockets: net.Socket[] = [];
let deadSmtp: net.Server;

beforeAll(async () => {
  deadSmtp = net.createServer((socket) => silentSockets.push(socket));
  await new Promise<void>((resolve) => deadSmtp.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(join(tmpdir(), 'astro-mail-stop-'));
  await seedPgliteDataDir(dataDir);
}, 120_000);

afterAll(async () => {
  await killServer(server);
  for (const s of silentSockets) s.destroy();
  await new Promise((resolve) => deadSmtp.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('stopping with an SMTP server that does not answer', () => {
  it('SIGTERM ends the process within seconds, cleanly, and frees DATA_DIR', { timeout: 300_000 }, async () => {
    const port = (deadSmtp.address() as net.AddressInfo).port;
    server = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}`, ADMIN_EMAIL: 'admin@stop.test', ADMIN_PASSWORD: 'stop-test-password' });
    await waitUntilUp(server);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    // Eight registrations: eight mails for an SMTP server that never greets (four at a time, four waiting).
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `stuck${i}@stop.test`, firstName: 'Stuck', password: 'password-123', confirmPassword: 'password-123' }),
      });
      expect(res.status).toBe(201);
    }
    const deadline = Date.now() + 30_000;
    while (silentSockets.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(silentSockets.length).toBeGreaterThanOrEqual(4);

    const started = Date.now();
    server.proc.kill('SIGTERM');
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), 150_000))]);
    const tookMs = Date.now() - started;
    expect(code).toBe(0);
    // A deadline, not a speed: the drain gives up after 10 s, then the database closes. Without it, each of the two
    // rounds of four mails waited 30 s for a greeting (nodemailer's default; 2 min for a connection) before the stop.
    expect(tookMs).toBeLessThan(40_000);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});

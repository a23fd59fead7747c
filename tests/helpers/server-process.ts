import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';

/** server/main.ts started as a process of its own, as `npm run serve` starts it, for tests of process-level behaviour. */
const ROOT = join(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  stderr(): string;
  /** The exit code (null after a signal). */
  exited: Promise<number | null>;
}

/** node's arguments in the `serve` script (`node <flags> --import tsx server/main.ts`): a test's server starts as it does. */
function serveArgs(): string[] {
  const serve = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve;
  const [command, ...args] = serve.split(/\s+/);
  if (command !== 'node' || !args.includes('server/main.ts')) throw new Error(`Unexpected serve script: ${serve}`);
  return args;
}

/** Starts a server with these variables over a neutral environment (embedded database, no SMTP, errors only). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, serveArgs(), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', SMTP_URL: '', LOG_LEVEL: 'error', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, port, url: `http://127.0.0.1:${port}`, stderr: () => stderr, exited };
}

/** Waits until the server answers GET /api/countries; throws with its stderr when it exits or takes too long. */
export async function waitUntilUp(s: ServerProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (s.proc.exitCode !== null) throw new Error(`server exited with ${s.proc.exitCode}: ${s.stderr()}`);
    try {
      if ((await fetch(`${s.url}/api/countries`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Kills a server that is still running (test clean-up). */
export function killServer(s: ServerProcess | undefined): Promise<unknown> {
  if (!s || s.proc.exitCode !== null || s.proc.signalCode !== null) return Promise.resolve();
  s.proc.kill('SIGKILL');
  return s.exited;
}

import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PluginOption } from 'vite';
import { ARTIFACTS } from './domain-data';

export interface BenchPageOptions {
  /** Folder under tests/.artifacts and the page entry tests/bench/<name>-page.ts, e.g. 'domain'. */
  name: string;
  plugins?: PluginOption[];
  define?: Record<string, string>;
  /** Default true; a bench may keep names readable for profiles. */
  minify?: boolean;
}

/**
 * Builds a bench page (tests/bench/<name>-page.ts) and its workers with Vite into tests/.artifacts/<name>-bench,
 * as one `page.js` (+ `page.css` when it imports CSS) that the bench serves to Chromium; returns the folder.
 */
export async function buildBenchPage(options: BenchPageOptions): Promise<string> {
  const { build } = await import('vite');
  const root = path.resolve(ARTIFACTS, '..', '..');
  const outDir = path.join(ARTIFACTS, `${options.name}-bench`);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: options.plugins ?? [],
    worker: { format: 'es' },
    define: options.define,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      modulePreload: false,
      minify: options.minify ?? true,
      rollupOptions: { input: { page: path.join(root, `tests/bench/${options.name}-page.ts`) }, output: { entryFileNames: '[name].js' } },
    },
  });
  return outDir;
}

/** Debian's Chromium, as the benches launch it (no sandbox in this container, no background traffic). */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};

/** One event of a Chromium trace (the fields the benches read). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: unknown };
}


export interface BenchServerOptions {
  /** The built page folder (buildBenchPage). */
  dir: string;
  /** Extra <head> markup (e.g. the page's stylesheet link). */
  head?: string;
  /** Headers on every answer (e.g. cross-origin isolation). */
  headers?: Record<string, string>;
  /** The body of /data/<name>.nmea or .laps, or undefined for a 404. */
  data(name: string, kind: 'nmea' | 'laps'): Uint8Array | string | undefined;
  /** Answers a request the bench serves itself (true when it did). */
  extra?(url: URL, res: http.ServerResponse): boolean;
  /** The file for a path that is not in `dir` as such (e.g. a hashed asset). */
  fallbackFile?(pathname: string): string | undefined;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

/**
 * Serves a bench page on 127.0.0.1 (a free port): `/` loads page.js, `/data/<name>.<kind>` the bench's session
 * texts, everything else the built files; resolves once listening.
 */
export function serveBenchPage(options: BenchServerOptions): Promise<http.Server> {
  const { dir, headers = {} } = options;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>loading</title>${options.head ?? ''}</head><body><script type="module" src="/page.js"></script></body></html>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/data\/(.+)\.(nmea|laps)$/.exec(url.pathname);
    if (m) {
      const body = options.data(decodeURIComponent(m[1]), m[2] as 'nmea' | 'laps');
      if (body === undefined) return res.writeHead(404).end();
      res.writeHead(200, { ...headers, 'content-type': typeof body === 'string' ? 'text/plain' : 'application/octet-stream' });
      return res.end(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    }
    if (options.extra?.(url, res)) return;
    if (url.pathname === '/') return res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(html);
    let file = path.join(dir, path.normalize(url.pathname));
    if (!existsSync(file)) file = options.fallbackFile?.(url.pathname) ?? file;
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { ...headers, 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * A new tab on the served bench page, once the page says it is ready (its title becomes 'ready'); the page's
 * uncaught errors are collected from the start, and a page that never gets ready fails naming them. `browser` is a
 * launched browser (the tab gets a fresh off-the-record context: its storage lives in memory) or a persistent
 * context (its storage is on disk, as a racer's profile).
 */
export async function openBenchPage(browser: Browser | BrowserContext, server: http.Server, timeoutMs = 30_000): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: timeoutMs }).catch(() => {
    throw new Error(`bench page did not start: ${errors.join('; ')}`);
  });
  return { page, errors };
}

import path from 'node:path';
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
  args?: { name?: string };
}


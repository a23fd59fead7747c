import { createServer, defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/** Where `npm run dev` sends /api calls: the API server started by server/dev.ts. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * First paint: index.html carries the welcome (/) and login (/login) pages prerendered with the real
 * components (src/app/prerender/render-shell.tsx, run through a throwaway Vite SSR loader), one copy per locale,
 * each in a <template> (not part of the document). public/theme-init.js copies the one that matches the path and
 * the stored locale into #root while the page is parsed (none for other paths or a tab with a session); React
 * renders over it. The copy is usable meanwhile: links are plain links, and what is typed into the login form (and
 * a submit) is kept by theme-init.js and taken over by the app (src/app/prerender/handoff.ts), so the fields keep
 * their names. The copies lose the test hooks (data-testid, data-menu): a test that waits for one waits for the app.
 */
function prerenderShell(): Plugin {
  const copies = [
    ['/', 'en-us'],
    ['/', 'pt-pt'],
    ['/login', 'en-us'],
    ['/login', 'pt-pt'],
  ] as const;
  let root = process.cwd();
  return {
    name: 'prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, watch: null, ws: false },
          appType: 'custom',
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderShell } = (await server.ssrLoadModule('/src/app/prerender/render-shell.tsx')) as typeof import('./src/app/prerender/render-shell');
          let markup = '';
          // Mantine's style tags (CSS variables, responsive classes, inline styles) go once into <head>: a style
          // element arriving with the copy would make the browser restyle the whole page a second time before the app
          // has even started. All but the CSS variables (the same as the app's) are marked data-prerendered-style: the
          // app removes them once it has rendered (src/app/prerender/handoff.ts), as React puts its own first in
          // <head> and the copy's (the menu's state among them) would otherwise override them.
          const styles = new Set<string>();
          const styleTag = /<style data-mantine-styles="[^"]*">[\s\S]*?<\/style>/g;
          for (const [i, [path, locale]] of copies.entries()) {
            const key = `${path}|${locale}`;
            const rendered = await renderShell(path, locale, `pr${i}-`);
            for (const tag of rendered.match(styleTag) ?? []) {
              styles.add(tag.startsWith('<style data-mantine-styles="true">') ? tag : tag.replace('<style ', '<style data-prerendered-style '));
            }
            const body = rendered
              .replace(styleTag, '')
              .replace(/\sdata-(?:testid|menu)="[^"]*"/g, '');
            markup += `<template data-prerender-copy="${key}"><div data-prerendered>${body}</div></template>`;
          }
          return html.replace('</head>', `  ${[...styles].join('')}\n  </head>`).replace('<div id="root"></div>', `${markup}<div id="root"></div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * The app's scripts start downloading after the first paint. On a slow phone network the prerendered page's HTML and
 * CSS then have the bandwidth to themselves: the first view's ~190 KiB of script would otherwise share it and hold
 * the first paint back by about a second (Lighthouse's mobile profile), while the prerendered page is usable before
 * the app runs anyway (theme-init.js keeps what is typed). Vite's module entry and its modulepreload links become one
 * <meta name="app-start"> that public/theme-init.js turns back into them once the page is parsed and painted.
 */
function startAppAfterFirstPaint(): Plugin {
  return {
    name: 'start-app-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('start-app-after-first-paint: no module entry script in index.html');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const p of preloads) out = out.replace(p[0], '');
        const meta = `<meta name="app-start" content="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}">`;
        return out.replace('</head>', `  ${meta}\n  </head>`);
      },
    },
  };
}

/**
 * Compressed copies of the hashed assets, written beside them (`.br` at brotli's best quality, `.gz` at gzip's),
 * which the server sends as they are (server/plugins/static-files.ts, `preCompressed`): compressing each script
 * again for every browser that loads it cost the server about a CPU second per new visitor (the service worker
 * downloads the whole precache, 4.5 MiB), and the best quality is too slow to run per request. Only `assets/`:
 * their names change with their content, so a copy can never be stale; index.html and sw.js are rewritten after
 * the bundle is written and are compressed per request as before.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'astro-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((f) => f.fileName.startsWith('assets/') && /\.(js|css|svg|json|wasm)$/.test(f.fileName));
      await Promise.all(
        files.map(async (f) => {
          const bytes = Buffer.from(f.type === 'chunk' ? f.code : f.source);
          if (bytes.length < 1024) return;
          const file = join(outDir, f.fileName);
          const br = await brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
          await Promise.all([writeFile(`${file}.br`, br), gz(bytes, { level: 9 }).then((g) => writeFile(`${file}.gz`, g))]);
        }),
      );
    },
  };
}

/**
 * Unit test files that share their worker's loaded modules (the 'unit-shared' project): the pure core's (domain,
 * device protocol, contracts), and every other file whose text uses nothing that needs a module graph of its own or
 * leaves state behind for the next file: a module mock, happy-dom, fake-indexeddb, spies or mock functions, fake
 * timers, stubbed globals, process.env, the i18n instance or a locale, per-test hooks. Found by reading each file, so
 * a new test that mocks runs isolated with no list to keep. Loading the modules once a worker instead of once a file
 * took the unit stage from 69 s to 62 s on 2 cores.
 */
const UNIT_CORE_DIRS = ['domain', 'device', 'contracts'];
const unitCoreTests = UNIT_CORE_DIRS.map((d) => `tests/unit/${d}/**/*.test.ts`);
const NEEDS_ISOLATION = /vi\.mock|vi\.doMock|stubGlobal|happy-dom|fake-indexeddb|vi\.spyOn|vi\.fn|useFakeTimers|process\.env|globalThis\.|i18n|changeLanguage|locale|beforeEach|afterEach/;
/** Empty where there are no tests (a build from a copy without them). */
function unitFilesNeedingNoIsolation(): string[] {
  const dir = join(import.meta.dirname, 'tests', 'unit');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => /\.test\.tsx?$/.test(f) && !UNIT_CORE_DIRS.includes(f.split('/')[0]) && !NEEDS_ISOLATION.test(readFileSync(join(dir, f), 'utf8')))
    .map((f) => `tests/unit/${f}`);
}
const unitSharedTests = [...unitCoreTests, ...unitFilesNeedingNoIsolation()];

/** Server test files that run the same whatever DATABASE_URL says (see the server project below). */
const databaseIndependentServerTests = [
  'tests/server/data-dir-lock.test.ts',
  'tests/server/faults-restart-upload.test.ts',
  'tests/server/faults-postgres-down.test.ts',
  'tests/server/config.test.ts',
  'tests/server/login-limiter.test.ts',
  'tests/server/body-blocks.test.ts',
  // What it measures is the event loop's time on each route's worst-case body (reading, inflating, parsing,
  // validating), which is the same work on either database; the statements those bodies lead to are the stores'
  // own, which the other files run on PostgreSQL too.
  'tests/server/body-worst-cases.test.ts',
];

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so generated route code is transformed too.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    prerenderShell(),
    startAppAfterFirstPaint(),
    precompressAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the single source of the manifest
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,json,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  css: {
    postcss: {
      plugins: [
        // Mantine's mixins and breakpoints for our CSS modules.
        (await import('postcss-preset-mantine')).default(),
        (await import('postcss-simple-vars')).default({
          variables: { 'mantine-breakpoint-xs': '36em', 'mantine-breakpoint-sm': '48em', 'mantine-breakpoint-md': '62em', 'mantine-breakpoint-lg': '75em', 'mantine-breakpoint-xl': '88em' },
        }),
      ],
    },
  },
  /**
   * Three Vitest projects, run in this order by tests/run-all.mjs:
   * - unit: pure code, Dexie on fake-indexeddb, components on happy-dom (per-file `// @vitest-environment happy-dom`).
   * - server: the Fastify API through inject, on PGlite, and on PostgreSQL when DATABASE_URL is set.
   * - e2e: Debian's Chromium driving the built app against a real server (needs `npm run build` first).
   */
  test: {
    projects: [
      // Two workers even on two cores (Vitest's default there is one): much of a file's time is spent waiting on
      // PostgreSQL, the SMTP capture, timers or the other worker's I/O.
      // 60 s a unit test: the property tests over big inputs take ~3 s quiet and 14-21 s on a 2-core machine at load 13
      // (the suite runs on shared CI machines); a hang still fails.
      // Worker threads, not processes: each file still gets a fresh module graph (isolated), but a thread starts far
      // faster than a process; the unit stage took 395 s with processes and 202 s with threads, at load 12-17.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...unitSharedTests],
          environment: 'node',
          pool: 'threads',
          testTimeout: 60_000,
          maxWorkers: 2,
          setupFiles: ['tests/unit/testing-library-timeout.ts'],
        },
      },
      // The pure core's tests (domain, device protocol, contracts: no DOM, no mocks, no globals, no database) and the
      // other files that need no isolation share their worker's loaded modules instead of loading them again for each.
      { test: { name: 'unit-shared', include: unitSharedTests, environment: 'node', pool: 'threads', testTimeout: 60_000, maxWorkers: 2, isolate: false } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // The PostgreSQL pass (DATABASE_URL set) leaves out the files whose database is not the one DATABASE_URL
          // names, which would run the very same way twice: real server processes on a PGlite folder, PostgreSQL
          // behind a fault proxy (found without DATABASE_URL too), and pure units with no database.
          exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...databaseIndependentServerTests] : configDefaults.exclude,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // A worker's files share its loaded modules (the server's code, Fastify, zod, PGlite): loading them again for
          // each of ~50 files was half the stage (PGlite pass 367 s isolated, 229 s shared, at load 12). Each file
          // starts its own app and database, so no file sees another's state.
          isolate: false,
        },
      },
      {
        // Two files at a time, each in its own worker (Chromium, the server and the test runner keep both cores
        // busy); files are not isolated, so a worker's files share one server (tests/e2e/harness.ts). A flow that
        // depends on timing waits for a condition, never for a time, so that it holds with another file beside it.
        // expect.poll waits up to 15 s by default (Vitest's own is 1 s): at load 12 on two cores a chart or a map
        // can take seconds to follow the video; a condition that holds still passes at once.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});

// Lint: typescript-eslint's recommended rules, the architecture's import boundaries and no import cycles (see README).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * The data layer's public surface, the only parts of src/data that screens may import (module paths without
 * extension): the wired repositories and sync (services), the auth session, the typed errors, and the typed
 * calls of the online-only screens (admin lists, profile, teams, other racers' shared laps). Dexie tables, repository factories, the sync queue
 * and the HTTP client itself stay inside src/data.
 */
const dataPublic = [
  'src/data/services',
  'src/data/live-query',
  'src/data/auth/app-session',
  'src/data/api/api-error',
  'src/data/storage/storage-error',
  ...['circuit-types', 'circuits', 'countries', 'firmware', 'sessions', 'sharing', 'translations', 'users', 'vehicle-categories', 'vehicle-types'].map((r) => `src/data/api/${r}`),
];

/**
 * The parts of src/data that media IO may use: the wired repositories (services), the row types it reads, and the
 * OPFS folders video copies and exports are kept in. Not the database, the API client or the repository factories.
 */
const mediaData = ['src/data/services', 'src/data/db/rows', 'src/data/storage/opfs-files', 'src/data/storage/export-files', 'src/data/storage/storage-error'];

/**
 * What the app shell (src/app, the one owner of startup) may use of src/data beyond the public surface: the modules
 * it starts and preloads (the API client, the database chunk) and the auth and sync-notice types it wires.
 */
const appData = ['src/data/api/client', 'src/data/db/database', 'src/data/auth/auth-session', 'src/data/auth/auth-user', 'src/data/sync/sync-notices'];

/** The store's own packages: only src/data uses them (screens read through its repositories and live-query.ts). */
const storePackages = /^dexie($|\/|-react-hooks)/;

/**
 * Where each area may import from. Keys and values are folders (or module paths without extension) relative to the
 * project root; a relative import resolving outside the allowed ones, or a package on the deny list, is an error. tests/unit/lint/import-boundaries.test.ts
 * lints probe imports against these.
 */
const areas = [
  // Screens reach storage and the server only through the data layer's public surface, and the workers only
  // through their bridge in src/analysis.
  // package.json: the About page shows the app version.
  { dir: 'src/features', allow: ['src/features', 'src/app', 'src/ui', 'src/domain', 'src/contracts', 'src/device', 'src/analysis', 'src/media', 'package.json', ...dataPublic], denyPackages: storePackages },
  // Media IO (video files: probe, copy into storage, add to a session): the browser's file and media APIs; the
  // telemetry sync runs in the analysis worker through its bridge, the overlay export in its own worker.
  { dir: 'src/media', allow: ['src/media', 'src/domain', 'src/contracts', 'src/analysis', 'workers/video-export.worker', ...mediaData], denyPackages: /^(react|react-dom|@mantine\/|dexie|ol|echarts)/ },
  { dir: 'src/routes', allow: ['src/routes', 'src/features', 'src/app', 'src/ui', 'src/domain', 'src/contracts', ...dataPublic], denyPackages: storePackages },
  // The app shell: providers, router, i18n setup, startup. It imports no feature (the routes hold the screens, and
  // each area registers its own texts, src/app/i18n/registry.ts), and no map, chart or store package (those load
  // with the screens and the data layer).
  // src/routeTree.gen: the router's generated route tree.
  {
    dir: 'src/app',
    allow: ['src/app', 'src/ui', 'src/domain', 'src/contracts', 'src/routeTree.gen', ...dataPublic, ...appData],
    denyPackages: /^(dexie|ol($|\/)|echarts)/,
  },
  { dir: 'src/domain', allow: ['src/domain'], denyPackages: /^(react|react-dom|dexie|dexie-react-hooks|@mantine\/|ol|echarts|echarts-for-react|i18next|react-i18next|comlink|@tanstack\/)/ },
  { dir: 'src/contracts', allow: ['src/contracts'], denyPackages: /^(react|dexie|@mantine\/|ol|echarts)/ },
  { dir: 'src/device', allow: ['src/device', 'src/domain', 'src/contracts'], denyPackages: /^(react|react-dom|@mantine\/|dexie|ol|echarts)/ },
  { dir: 'src/data', allow: ['src/data', 'src/domain', 'src/contracts', 'src/analysis'], denyPackages: /^(react|react-dom|@mantine\/|ol|echarts)/ },
  // The analysis worker also encodes session upload bodies (src/contracts/session-upload.ts, no zod at run time).
  { dir: 'src/analysis', allow: ['src/analysis', 'src/domain', 'src/contracts', 'workers'], denyPackages: /^(react|@mantine\/|dexie)/ },
  // The video export worker runs src/media/export (WebCodecs, OffscreenCanvas, OPFS: all worker APIs).
  { dir: 'workers', allow: ['workers', 'src/domain', 'src/contracts', 'src/media/export'], denyPackages: /^(react|@mantine\/|dexie|ol|echarts)/ },
  { dir: 'src/ui', allow: ['src/ui', 'src/domain', 'src/contracts', 'src/app'], denyPackages: storePackages },
  { dir: 'server', allow: ['server', 'src/contracts', 'src/domain'], denyPackages: /^(react|@mantine\/|dexie|ol|echarts)/ },
];

/**
 * Sub-areas of a feature: a folder directly under src/features/<feature>/ holding an index.ts (the sessions area is
 * split so: shared/, layout/, library/, import/, export/, analysis/, coach/, map/, video/). Code outside a sub-area
 * reaches it only through its public entry, index.ts (bulletproof-react's feature rule, one level down); its texts
 * (i18n.ts, *-i18n.ts) are the second entry, which registers them (src/app/i18n/registry.ts). A panel loaded on demand keeps a
 * chunk of its own only if nothing imports it statically, so it is a declared entry for import() alone: these.
 */
const lazyEntries = ['src/features/sessions/coach/coach-panel', 'src/features/sessions/video/video-panel'];

/** The sub-area folder (relative to the root) a file lies in, or null. */
const subAreaOf = (file) => {
  const parts = path.relative(path.join(root, 'src/features'), file).split(path.sep);
  if (parts[0] === '..' || parts.length < 3) return null;
  const dir = path.join('src/features', parts[0], parts[1]);
  return fs.existsSync(path.join(root, dir, 'index.ts')) ? dir : null;
};

/** Whether an import of `target` (resolved, maybe without extension) from outside its sub-area uses an entry. */
const isSubAreaEntry = (target, dynamic) => {
  const rel = path.relative(root, target).replace(/\.(ts|tsx)$/, '');
  const sub = subAreaOf(target);
  if (rel === sub) return true;
  const name = path.basename(rel);
  if (path.dirname(rel) === sub && (name === 'index' || name === 'i18n' || name.endsWith('-i18n'))) return true;
  return dynamic && lazyEntries.includes(rel);
};

const inside = (file, dir) => {
  const rel = path.relative(path.join(root, dir), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** A local rule: checks each import against the areas above, and features against each other. */
const boundaries = {
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        const check = (node, source, dynamic = false) => {
          if (typeof source !== 'string') return;
          const featureOf = (f) => {
            const rel = path.relative(path.join(root, 'src/features'), f);
            return rel.startsWith('..') ? null : rel.split(path.sep)[0];
          };
          if (source.startsWith('.')) {
            const target = path.resolve(path.dirname(file), source);
            for (const area of areas) {
              if (inside(file, area.dir) && !area.allow.some((d) => inside(target, d))) {
                context.report({ node, message: `${area.dir} may not import ${path.relative(root, target)} (allowed: ${area.allow.join(', ')})` });
              }
            }
            const from = featureOf(file);
            const to = featureOf(target);
            if (from && to && from !== to) context.report({ node, message: `features do not import each other: ${from} -> ${to}` });
            const sub = subAreaOf(target);
            // Tests may reach inside a sub-area: they test its parts one by one.
            if (sub && subAreaOf(file) !== sub && inside(file, 'src') && !isSubAreaEntry(target, dynamic)) {
              context.report({ node, message: `${path.relative(root, target)} is inside the sub-area ${sub}: import its entry (${sub}/index.ts)${lazyEntries.some((e) => e.startsWith(sub)) ? ' or, by import(), its declared lazy entry' : ''}` });
            }
            if ((inside(file, 'src/features') || inside(file, 'src/ui')) && inside(target, 'src/routes')) {
              context.report({ node, message: 'screens do not import routes' });
            }
          } else {
            for (const area of areas) {
              if (inside(file, area.dir) && area.denyPackages && area.denyPackages.test(source)) {
                context.report({ node, message: `${area.dir} may not import the package ${source}` });
              }
            }
          }
        };
        return {
          ImportDeclaration: (n) => check(n, n.source.value),
          ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value, true),
          ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
          ExportAllDeclaration: (n) => check(n, n.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'src/routeTree.gen.ts', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { astro: boundaries, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'astro/import-boundaries': 'error',
      // A cycle makes load order decide what a module sees at start; dynamic imports count too.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Spreading an array into a call's arguments puts every element on the stack: from ~100k elements it throws
    // RangeError (a 125,000-lap upload did, in Math.min(...laps)). Loops instead, in app, worker and server code.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'workers/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.object.name='Math'] > SpreadElement",
          "CallExpression[callee.property.name=/^(push|unshift|splice|fromCharCode|fromCodePoint)$/] > SpreadElement",
          "CallExpression[callee.property.name=/^(apply)$/][callee.object.property.name=/^(min|max|push|unshift|fromCharCode|fromCodePoint)$/]",
        ].map((selector) => ({
          selector,
          message: 'No spread (or apply) of an array into Math.min/max, push, unshift, splice or String.fromCharCode: it overflows the stack on big arrays. Use a loop.',
        })),
      ],
    },
  },
  {
    // A function (a component included) that runs past ~120 lines holds a model it should hand to a pure, tested
    // function, or stages it should name: an error, as none is left that long (blank lines and comments not counted).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'workers/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
);

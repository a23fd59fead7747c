// Lint: typescript-eslint's recommended rules, the architecture's import boundaries and no import cycles (see README).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * Where each area may import from. Keys and values are folders relative to the project root; a relative import
 * resolving outside the allowed folders, or a package on the deny list, is an error.
 */
/**
 * The data layer's public surface, the only parts of src/data that screens may import (module paths without
 * extension): the wired repositories and sync (services), the auth session, the typed errors, and the typed
 * calls of the online-only screens (admin lists, profile). Dexie tables, repository factories, the sync queue
 * and the HTTP client itself stay inside src/data.
 */
const dataPublic = [
  'src/data/services',
  'src/data/auth/session',
  'src/data/api/api-error',
  'src/data/storage/storage-error',
  ...['circuit-types', 'circuits', 'countries', 'firmware', 'sessions', 'translations', 'users', 'vehicle-categories', 'vehicle-types'].map((r) => `src/data/api/${r}`),
];

const areas = [
  // Screens reach storage and the server only through the data layer's public surface, and the workers only
  // through their bridge in src/analysis.
  // package.json: the About page shows the app version.
  { dir: 'src/features', allow: ['src/features', 'src/app', 'src/ui', 'src/domain', 'src/contracts', 'src/device', 'src/analysis', 'src/media', 'package.json', ...dataPublic], denyPackages: /^dexie$/ },
  // Media IO (video files: probe, copy into storage, add to a session): the browser's file and media APIs; the
  // telemetry sync runs in the analysis worker through its bridge, the overlay export in its own worker.
  { dir: 'src/media', allow: ['src/media', 'src/domain', 'src/contracts', 'src/data', 'src/analysis', 'workers/video-export.worker'], denyPackages: /^(react|react-dom|@mantine\/|dexie|ol|echarts)/ },
  { dir: 'src/routes', allow: ['src/routes', 'src/features', 'src/app', 'src/ui', 'src/domain', 'src/contracts', ...dataPublic], denyPackages: /^dexie$/ },
  { dir: 'src/domain', allow: ['src/domain'], denyPackages: /^(react|react-dom|dexie|dexie-react-hooks|@mantine\/|ol|echarts|echarts-for-react|i18next|react-i18next|comlink|@tanstack\/)/ },
  { dir: 'src/contracts', allow: ['src/contracts'], denyPackages: /^(react|dexie|@mantine\/|ol|echarts)/ },
  { dir: 'src/device', allow: ['src/device', 'src/domain', 'src/contracts'], denyPackages: /^(react|react-dom|@mantine\/|dexie|ol|echarts)/ },
  { dir: 'src/data', allow: ['src/data', 'src/domain', 'src/contracts', 'src/analysis'], denyPackages: /^(react|react-dom|@mantine\/|ol|echarts)/ },
  // The analysis worker also encodes session upload bodies (src/contracts/session-upload.ts, no zod at run time).
  { dir: 'src/analysis', allow: ['src/analysis', 'src/domain', 'src/contracts', 'workers'], denyPackages: /^(react|@mantine\/|dexie)/ },
  // The video export worker runs src/media/export (WebCodecs, OffscreenCanvas, OPFS: all worker APIs).
  { dir: 'workers', allow: ['workers', 'src/domain', 'src/contracts', 'src/media/export'], denyPackages: /^(react|@mantine\/|dexie|ol|echarts)/ },
  { dir: 'src/ui', allow: ['src/ui', 'src/domain', 'src/contracts', 'src/app'], denyPackages: null },
  { dir: 'server', allow: ['server', 'src/contracts', 'src/domain'], denyPackages: /^(react|@mantine\/|dexie|ol|echarts)/ },
];

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
        const check = (node, source) => {
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
          ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
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
);

/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` sends /api calls: the API server started by scripts/dev.mjs. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so generated route code is transformed too.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
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
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 20_000, maxWorkers: 2 } },
      { test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 2 } },
      {

        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 240_000, hookTimeout: 120_000, fileParallelism: false },
      },
    ],
  },
});

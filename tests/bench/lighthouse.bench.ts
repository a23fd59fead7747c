/**
 * Lighthouse: Lighthouse 12 drives Debian's Chromium (launched by chrome-launcher) against the built app
 * served by the real server, and prints the performance score and main metrics of the welcome and login pages,
 * under both the desktop profile (40 ms RTT, 10 Mbit/s, no CPU slowdown) and the default mobile profile (4x CPU
 * slowdown). Target: performance >= 90 on both pages. A score depends on the machine's load, so it is a benchmark
 * figure, not a test; installability is asserted by tests/e2e/pwa-install.test.ts. Needs `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_PATH, builtAppDir, startE2E } from '../e2e/harness';

/** The items of the long-tasks audit (each task over 50 ms, its duration in ms). */
function longTasks(lhr: { audits: Record<string, { details?: unknown }> }): { duration: number }[] {
  const details = lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined;
  return (details?.items ?? []).map((i) => ({ duration: i.duration ?? 0 }));
}

export default async function lighthouseBench(): Promise<Record<string, unknown>> {
  if (!existsSync(join(builtAppDir(), 'index.html'))) throw new Error('no built app: run `npm run build` first');
  const e2e = await startE2E();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const out: Record<string, unknown> = { target: 90 };
  // LIGHTHOUSE_PROFILES=mobile and LIGHTHOUSE_RUNS=3 measure one profile several times and report the median run
  // (by performance score) with every run's score: one run on a busy machine says little.
  const profiles = (process.env.LIGHTHOUSE_PROFILES ?? 'desktop,mobile').split(',');
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
  try {
    for (const [profile, config] of [['desktop', desktopConfig], ['mobile', undefined]] as const) {
      if (!profiles.includes(profile)) continue;
      for (const path of ['/', '/login']) {
        const all: Record<string, number | string | null>[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(e2e.url(path), { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
          if (!result) throw new Error('Lighthouse returned no result');
          const { lhr } = result;
          const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
          all.push({
            performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
            firstContentfulPaintMs: metric('first-contentful-paint'),
            largestContentfulPaintMs: metric('largest-contentful-paint'),
            totalBlockingTimeMs: metric('total-blocking-time'),
            cumulativeLayoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
            speedIndexMs: metric('speed-index'),
            mainThreadWorkMs: metric('mainthread-work-breakdown'),
            bootupTimeMs: metric('bootup-time'),
            // The long tasks Lighthouse saw (simulated at the profile's CPU slowdown): how many, the longest.
            longTasks: longTasks(lhr).length,
            longestTaskMs: Math.round(Math.max(0, ...longTasks(lhr).map((t) => t.duration))),
            loadAverage: Math.round(loadavg()[0] * 10) / 10,
            runtimeError: lhr.runtimeError?.message ?? null,
          });
          const last = all[all.length - 1];
          console.log(`# lighthouse ${profile} ${path} run ${run + 1}/${runs}: performance ${last.performance}${last.runtimeError ? ` (${last.runtimeError})` : ''}`);
        }
        const sorted = [...all].sort((a, b) => Number(a.performance) - Number(b.performance));
        const median = sorted[Math.floor((sorted.length - 1) / 2)];
        out[`${profile} ${path === '/' ? 'welcome' : 'login'}`] = runs === 1 ? median : { ...median, runs: all.map((r) => r.performance) };
      }
    }
  } finally {
    chrome.kill();
    await e2e.close();
  }
  return out;
}

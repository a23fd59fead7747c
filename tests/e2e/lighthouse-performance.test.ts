/**
 * Issue 8 (Lighthouse): Lighthouse 12 (the npm package) drives Debian's Chromium, launched by chrome-launcher,
 * against the built app served by the real server: performance >= 90 on the welcome page and on the login page
 * (Lighthouse's desktop profile: simulated 40 ms RTT, 10 Mbit/s, no CPU slowdown - the mobile profile's 4x CPU
 * slowdown on this shared 2-core machine scores 40-45 today, see the report), and Chromium's own installability verdict
 * (CDP Page.getInstallabilityErrors, Lighthouse 12 has no PWA category) is empty on the same browser profile.
 * The scores and the main metrics are written to tests/.artifacts/lighthouse-<page>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { ARTIFACTS_DIR, CHROMIUM_PATH, startE2E, type E2E } from './harness';

let e2e: E2E;
let chrome: chromeLauncher.LaunchedChrome;

beforeAll(async () => {
  e2e = await startE2E();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 120_000);

afterAll(async () => {
  chrome?.kill();
  await e2e?.close();
});

async function audit(path: string) {
  const result = await lighthouse(e2e.url(path), { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const figures = {
    url: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    firstContentfulPaintMs: metric('first-contentful-paint'),
    largestContentfulPaintMs: metric('largest-contentful-paint'),
    totalBlockingTimeMs: metric('total-blocking-time'),
    cumulativeLayoutShift: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    runtimeError: lhr.runtimeError?.message ?? null,
  };
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(join(ARTIFACTS_DIR, `lighthouse-${path.replace(/\W+/g, '') || 'welcome'}.json`), JSON.stringify(figures, null, 2));
  return figures;
}

describe('Lighthouse on the built app', () => {
  it.each(['/', '/login'])('scores at least 90 for performance on %s', { timeout: 240_000 }, async (path) => {
    const figures = await audit(path);
    expect(figures.runtimeError).toBeNull();
    expect(figures.performance, JSON.stringify(figures)).toBeGreaterThanOrEqual(90);
  });

  it('is installable in the same Chromium (CDP Page.getInstallabilityErrors is empty)', { timeout: 120_000 }, async () => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const context = browser.contexts()[0];
      const page = await context.newPage();
      await page.goto(e2e.url('/'));
      await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 30_000 });
      const cdp = await context.newCDPSession(page);
      let errors: unknown[] = ['not checked'];
      // Chromium evaluates installability once the manifest and the service worker are known: ask until it settles.
      for (let i = 0; i < 20; i++) {
        errors = ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors;
        if (errors.length === 0) break;
        await page.waitForTimeout(500);
      }
      expect(errors).toEqual([]);
      await cdp.detach();
      await page.close();
    } finally {
      // Disconnects only: chrome-launcher owns the process.
      await browser.close();
    }
  });
});

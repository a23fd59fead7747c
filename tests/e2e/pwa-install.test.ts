/**
 * The PWA in Chromium: installable (CDP Page.getInstallabilityErrors is empty), the service worker becomes
 * ready and controls the page, and offline a reload and a deep link are served from the precache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, unexpectedErrors, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ serviceWorker: true, fullChromium: true });
});

afterAll(async () => {
  await e2e?.close();
});

describe('the installable offline app', () => {
  it('is installable, precaches the shell and serves deep links offline', async () => {
    const { page, context, errors } = await e2e.newPage({ persistent: true });
    await page.goto(e2e.url('/'));
    // Bounded wait: a service worker whose install fails (e.g. a precached file missing) never becomes ready.
    const ready = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 60_000))]),
    );
    expect(ready, 'service worker ready within 60 s').toBe(true);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    // An attached CDP session keeps Chromium from applying the offline emulation below.
    await cdp.detach();

    // The first load is not controlled yet; after a reload the service worker answers.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.reload();
    // Really offline: the network is unreachable from the page.
    expect(await page.evaluate(() => fetch('/api/countries').then(() => 'answered', () => 'failed'))).toBe('failed');
    await page.getByTestId('logo-link').waitFor();
    await page.goto(e2e.url('/about'));
    await page.getByText('25Hz position update rate').waitFor();
    // A deep link that was never visited, with a query string.
    await page.goto(e2e.url('/no-such/deep/link?x=1.5'));
    await page.getByText('Page Not Found').waitFor();
    await page.getByTestId('offline-badge').waitFor();
    await e2e.screenshot(page, 'pwa-offline-deep-link');
    await context.setOffline(false);

    // API calls are never answered from the app shell.
    const api = await page.evaluate(async () => (await fetch('/api/countries')).headers.get('content-type'));
    expect(api).toMatch(/json/);
    expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
});

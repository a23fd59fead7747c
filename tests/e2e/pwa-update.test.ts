/**
 * A new version of the app: when a changed service worker is deployed, the page shows 'New version available'
 * with Reload; Reload activates the waiting worker (SKIP_WAITING) and reloads into it.
 * The server serves a copy of dist/ so the test can change sw.js without touching the real build.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtAppDir, startE2E, type E2E } from './harness';

let e2e: E2E;
let copy: string;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'astro-dist-'));
  cpSync(builtAppDir(), copy, { recursive: true });
  e2e = await startE2E({ serviceWorker: true, staticDir: copy });
});

afterAll(async () => {
  await e2e?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a new app version', () => {
  it("prompts 'New version available' and reloads into the new service worker on Reload", async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/about'));
    // Bounded wait: a service worker whose install fails (e.g. a precached file missing) never becomes ready.
    const ready = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 60_000))]),
    );
    expect(ready, 'service worker ready within 60 s').toBe(true);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    // Deploy version 2: any byte change of sw.js is a new service worker.
    appendFileSync(join(copy, 'sw.js'), '\n// version 2\n');
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByText('New version available').waitFor();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByText('25Hz position update rate').waitFor();
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(reg?.waiting), controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
  });
});

/** Shared e2e step: a new racer with the real Rustavi VBO imported and active, in a chosen language. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { closeToasts, type Credentials, type E2E } from './harness';
import { setUpOnce } from './set-up-once';

const RUSTAVI_VBO = readFileSync(new URL('../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');

/** Number of circuits the app keeps in IndexedDB (they arrive after login; laps are detected only once stored). */
function storedCircuitCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('astro-companion');
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('circuits')) return resolve(0);
          const count = db.transaction('circuits').objectStore('circuits').count();
          count.onsuccess = () => resolve(count.result);
        };
        req.onerror = () => resolve(0);
      }),
  );
}

/**
 * Signs a new racer in, sets the language, imports the VBO and makes it the active session (on the library), then
 * waits for its upload and closes the toasts (uploadedAndToastsClosed). Returns the racer.
 */
export async function activeRustaviSession(e2e: E2E, page: Page, locale: 'en-us' | 'pt-pt'): Promise<Credentials> {
  const user = await e2e.signUpAndVerify();
  await e2e.login(page, user.email, user.password);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.goto(e2e.url('/sessions/library'));
  await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 20_000 });
  await expect.poll(() => storedCircuitCount(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.locator('input[type=file]').setInputFiles({ name: 'rustavi.vbo', mimeType: 'text/plain', buffer: Buffer.from(RUSTAVI_VBO) });
  const row = page.locator('tr[data-row-key]').first();
  await row.waitFor({ timeout: 30_000 });
  const id = (await row.getAttribute('data-row-key'))!;
  await page.getByTestId(`activate-${id}`).click();
  await uploadedAndToastsClosed(page, id);
  return user;
}

/**
 * Waits on the library until the session of row `id` is uploaded, then closes the toasts: its 'Session uploaded'
 * toast, left to itself, would sit on a button the test clicks next or in a screenshot, and under the resting mouse
 * it never closes (hovering pauses it).
 */
export async function uploadedAndToastsClosed(page: Page, id: string): Promise<void> {
  await page.locator(`tr[data-row-key="${id}"] [data-sync-state="Completed"]`).waitFor({ timeout: 60_000 });
  await closeToasts(page);
}

/**
 * Signs a racer in who has uploaded one session (from another browser: activeRustaviSession) and makes it the active
 * session on this device, on the library, as the racer's second device sees it: the row comes from the server, and
 * the lap viewer downloads its texts when it opens. Cheaper than importing the file again on each device.
 */
async function activeSessionFromServer(e2e: E2E, page: Page, user: Credentials, locale: 'en-us' | 'pt-pt'): Promise<void> {
  await e2e.login(page, user.email, user.password);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.goto(e2e.url('/sessions/library'));
  const row = page.locator('tr[data-row-key]').first();
  await row.locator('[data-sync-state="Completed"]').waitFor({ timeout: 30_000 });
  await page.getByTestId(`activate-${await row.getAttribute('data-row-key')}`).click();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('astro.activeSessions') ?? ''), { timeout: 10_000 }).toContain('"left":{');
}

/**
 * One racer for a file's tests: the Rustavi VBO imported once on a tablet-sized page (1280x800) and active there; the
 * phone (390x844, a touch device of its own) signs the same racer in and opens the session from the server. Each is
 * made by the first test that asks for it. `deviceIn(device, locale)` hands its page over online, with `locale`
 * stored and no theme (light, as a new racer's) for the test's own next page load.
 */
export function rustaviDevices(e2e: () => E2E) {
  const devices = {
    tablet: setUpOnce(async () => {
      const opened = await e2e().newPage({ viewport: { width: 1280, height: 800 } });
      return { ...opened, user: await activeRustaviSession(e2e(), opened.page, 'en-us') };
    }),
    phone: setUpOnce(async () => {
      const { user } = await devices.tablet();
      const opened = await e2e().newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      await activeSessionFromServer(e2e(), opened.page, user, 'en-us');
      return opened;
    }),
  };
  return async function deviceIn(device: keyof typeof devices, locale: 'en-us' | 'pt-pt') {
    const opened = await devices[device]();
    await opened.context.setOffline(false);
    await opened.page.evaluate((l) => {
      localStorage.setItem('locale', l);
      localStorage.removeItem('theme');
    }, locale);
    return opened;
  };
}

/** Shared e2e step: a new racer with the real Rustavi VBO imported and active, in a chosen language. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { closeToasts, type E2E } from './harness';

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
 * waits for its upload and closes the toasts: a toast that appears later over the screen under test would sit
 * on the button the test clicks, and a toast under the mouse never closes (hovering pauses it).
 */
export async function activeRustaviSession(e2e: E2E, page: Page, locale: 'en-us' | 'pt-pt'): Promise<void> {
  const user = await e2e.signUpAndVerify();
  await e2e.login(page, user.email, user.password);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.goto(e2e.url('/sessions/library'));
  await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 20_000 });
  await expect.poll(() => storedCircuitCount(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.locator('input[type=file]').setInputFiles({ name: 'rustavi.vbo', mimeType: 'text/plain', buffer: Buffer.from(RUSTAVI_VBO) });
  const row = page.locator('tr[data-row-key]').first();
  await row.waitFor({ timeout: 30_000 });
  const id = await row.getAttribute('data-row-key');
  await page.getByTestId(`activate-${id}`).click();
  await row.locator('[data-sync-state="Completed"]').waitFor({ timeout: 60_000 });
  await closeToasts(page);
}

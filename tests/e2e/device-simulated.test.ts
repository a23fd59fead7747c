/**
 * The device screen end to end with the simulated ASTRO (anyone can try the app without hardware): connect,
 * sessions recorded on the server's seeded circuits, download one with progress in the tab title, then a firmware
 * update with the server's seeded image (downloaded, kept in IndexedDB, sha256-checked, streamed, reboot,
 * reconnect, new version confirmed), circuit sync and Wi-Fi.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../helpers/axe';
import { controlledByServiceWorker, startE2E, untilStill, type Credentials, type E2E } from './harness';
import { smallestSessions } from './smallest-sessions';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ serviceWorker: true });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

/** The user's record as the server has it (GET /users/{id} after logging in through the API). */
async function serverUser(who: Credentials): Promise<{ id: number; firmwareVersion: string | null }> {
  const login = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who.email, password: who.password }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const id = (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { id: number }).id;
  const res = await fetch(e2e.url(`/api/users/${id}`), { headers: { authorization: `Bearer ${accessToken}` } });
  return (await res.json()) as { id: number; firmwareVersion: string | null };
}

/** Row counts of the app's IndexedDB stores, read with the plain IndexedDB API from the test. */
function storeCounts(page: Page, stores: string[]) {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('astro-companion');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const out: Record<string, number> = {};
    for (const name of names) {
      if (!db.objectStoreNames.contains(name)) continue;
      out[name] = await new Promise<number>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    }
    db.close();
    return out;
  }, stores);
}

describe('device screen with the simulated ASTRO', () => {
  it('downloads sessions, updates the firmware, syncs circuits and joins Wi-Fi', async () => {
    const { page } = await e2e.newPage();
    const creds = await e2e.signUpAndVerify();
    await e2e.login(page, creds.email, creds.password);
    await page.goto(e2e.url('/astro'));
    // The simulated ASTRO records its sessions on the circuits kept offline: wait for the reference data.
    await expect.poll(async () => (await storeCounts(page, ['circuits'])).circuits ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);

    await page.getByTestId('connect-simulated').click();
    await expect.poll(() => page.getByTestId('connection-state').textContent(), { timeout: 15_000 }).toBe('Connected');
    await expect.poll(() => page.locator('tr[data-filename] >> text=In ASTRO').count(), { timeout: 10_000 }).toBe(4);
    expect(await page.getByText('Connected to ASTRO.').count()).toBeGreaterThan(0);
    // The connected screen with its rows, badges and panels has no serious accessibility violation (once its
    // transitions have ended, so axe sees final colours).
    await untilStill(page);
    expect(await seriousViolations(page, '/astro connected')).toEqual([]);

    // Download the smallest session (racer-flow.test.ts downloads a queue of two); the tab title carries the
    // percentage meanwhile.
    const rows = page.locator('tr[data-filename]');
    const picked = await smallestSessions(rows, 1);
    const titles = new Set<string>();
    const watch = setInterval(() => void page.title().then((t) => titles.add(t)).catch(() => undefined), 100);
    for (const i of picked) await rows.nth(i).getByRole('checkbox').check();
    await page.getByTestId('download-selected').click();
    await page.getByTestId('overall-progress').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('tr[data-filename] >> text=In Cloud').count(), { timeout: 120_000, interval: 1000 }).toBe(1);
    clearInterval(watch);
    expect([...titles].some((t) => /^ASTRO Companion \d{1,3}%$/.test(t))).toBe(true);
    expect(await page.title()).toBe('ASTRO Companion');
    expect((await storeCounts(page, ['sessions'])).sessions).toBe(1);

    // Firmware: the seeded 1.5.0 image over the device's 1.4.0.
    await expect.poll(() => page.getByTestId('firmware-latest').textContent(), { timeout: 10_000 }).toBe('1.5.0');
    await page.getByTestId('firmware-update').click();
    // It asks first, naming both versions.
    await page.getByText('ASTRO goes from version 1.4.0 to 1.5.0.').waitFor({ timeout: 10_000 });
    await page.getByTestId('firmware-confirm-update').click();
    await page.getByTestId('firmware-progress').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('ASTRO firmware updated to 1.5.0.').count(), { timeout: 90_000, interval: 1000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('device-version').textContent()).toBe('1.5.0');
    expect(await page.getByTestId('firmware-status').textContent()).toBe('ASTRO is up to date.');
    // Kept on this device for updates at the track without signal.
    expect((await storeCounts(page, ['firmware'])).firmware).toBe(1);

    // Circuit sync from the circuits kept offline.
    await page.getByTestId('circuit-sync').click();
    await expect.poll(() => page.getByText('Circuits sent to ASTRO.').count(), { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);

    // Wi-Fi: the states as the device reports them.
    await page.getByLabel('Network name (SSID)').fill('Pit Wall');
    await page.getByLabel('Password', { exact: true }).fill('fast-laps-2026');
    await page.getByRole('button', { name: 'Connect Wi-Fi' }).click();
    await expect.poll(() => page.getByTestId('wifi-state').textContent(), { timeout: 10_000 }).toMatch(/^Connected \(192\.168\.1\.\d+\)$/);
    // Again with every badge state shown (Completed, In Cloud) and the panels filled in, once the toast the Wi-Fi
    // state brings has faded in (mid-way, its title's contrast is not yet its own).
    await untilStill(page);
    expect(await seriousViolations(page, '/astro after the downloads')).toEqual([]);
    await e2e.screenshot(page, 'device-simulated');

    // The profile and the account know the version ASTRO reported after the update.
    await page.getByTestId('profile-button').click();
    await expect.poll(() => page.getByTestId('profile-firmware').textContent(), { timeout: 15_000 }).toBe('1.5.0');
    await expect.poll(async () => (await serverUser(creds)).firmwareVersion, { timeout: 15_000 }).toBe('1.5.0');
  }, 300_000);

  it('keeps the version ASTRO reports while offline on the profile, and sends it to the account once online', async () => {
    const { page, context } = await e2e.newPage();
    const creds = await e2e.signUpAndVerify();
    await e2e.login(page, creds.email, creds.password);
    // Both screens once online (their code loaded; the profile saved on this device says 'Not seen yet').
    await page.goto(e2e.url('/profile'));
    await expect.poll(() => page.getByTestId('profile-firmware').textContent(), { timeout: 15_000 }).toMatch(/^Not seen yet/);
    await page.goto(e2e.url('/astro'));
    await expect.poll(async () => (await storeCounts(page, ['circuits'])).circuits ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    // The app is kept on this device (the service worker controls the page, so every chunk the screen still needs
    // comes from its precache, as at the track) and the device screen is on the page before the network goes.
    await controlledByServiceWorker(page);
    await page.getByTestId('connect-simulated').waitFor();
    await context.setOffline(true);
    await page.getByTestId('connect-simulated').click();
    await expect.poll(() => page.getByTestId('device-version').textContent(), { timeout: 15_000 }).toBe('1.4.0');
    await page.getByTestId('profile-button').click();
    await expect.poll(() => page.getByTestId('profile-firmware').textContent(), { timeout: 15_000 }).toBe('1.4.0');
    await page.getByTestId('profile-firmware-unsent').waitFor();
    expect((await serverUser(creds)).firmwareVersion).toBeNull();
    await context.setOffline(false);
    await expect.poll(async () => (await serverUser(creds)).firmwareVersion, { timeout: 20_000 }).toBe('1.4.0');
    await expect.poll(() => page.getByTestId('profile-firmware-unsent').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByTestId('profile-firmware').textContent()).toBe('1.4.0');
    // Kept across a load, in each language: one load a language (the texts are chosen at start), at the phone's size,
    // then the same page widened to the tablet's.
    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      for (const [w, hgt] of [[390, 844], [1280, 800]] as const) {
        await page.setViewportSize({ width: w, height: hgt });
        await expect.poll(() => page.getByTestId('profile-firmware').textContent(), { timeout: 15_000 }).toBe('1.4.0');
        await untilStill(page);
        await e2e.screenshot(page, `profile-firmware-${locale}-${w}`);
      }
    }
  }, 180_000);
});

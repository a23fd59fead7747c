/**
 * Accessibility and CSP: axe-core on every signed-in screen - ASTRO, sessions library / map / analysis (with
 * two imported sessions active), circuits, leaderboards, profile and every admin section, plus the dialogs they
 * open - in the light and the dark theme: no serious or critical violation. The whole walk runs under the server's
 * real Content-Security-Policy (no bypass) and must not cause a single CSP violation. Keyboard: forms submit with
 * Enter in a sensible tab order, dialogs take focus, keep it inside, close with Escape and give it back.
 * (The public and account screens are audited by auth-accessibility.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { storedCircuitNames } from './stored-circuits';
import { nextDayVbo, RUSTAVI_VBO } from './vbo-fixture';
import { seriousViolations, watchCspViolations } from '../helpers/axe';
import { ADMIN_SECTIONS } from '../../src/features/admin/sections';

const VBO = RUSTAVI_VBO;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

async function settled(page: Page): Promise<void> {
  await page.locator('#root main').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // Transitions (Mantine's 150-200 ms) finished, so axe sees final colours.
  await untilStill(page);
}

async function importVbo(page: Page, name: string, text: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByText(/Imported .* with \d+ laps/).last().waitFor({ timeout: 60_000 });
}

/** Signed-in screens and what shows they are ready. */
const SCREENS: Array<{ path: string; ready?: (page: Page) => Promise<unknown> }> = [
  { path: '/astro' },
  { path: '/sessions/library', ready: (p) => p.locator('tr[data-row-key]').first().waitFor({ timeout: 20_000 }) },
  { path: '/sessions/map', ready: (p) => p.getByTestId('track-map').waitFor({ timeout: 30_000 }) },
  { path: '/sessions/analysis', ready: (p) => p.getByTestId('lap-table-L').waitFor({ timeout: 30_000 }) },
  { path: '/circuits' },
  { path: '/leaderboards' },
  { path: '/profile' },
  ...ADMIN_SECTIONS.map((s) => ({ path: `/admin?section=${s}` })),
];

describe('accessibility of every signed-in screen', () => {
  it('has no serious or critical axe violation on any screen or dialog, in both themes, and no CSP violation anywhere', { timeout: 600_000 }, async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    const csp = await watchCspViolations(page);
    await e2e.login(page, e2e.admin.email, e2e.admin.password);

    // Two sessions in the library, both active, so the map and the analysis have content.
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    // Circuits are loaded after login; the import picks the circuit (and so the laps) from them.
    await expect.poll(() => storedCircuitNames(page).then((names) => names.length), { timeout: 30_000 }).toBeGreaterThan(10);
    await importVbo(page, 'rustavi.vbo', VBO);
    await importVbo(page, 'rustavi-next-day.vbo', nextDayVbo(VBO));
    await expect.poll(() => page.locator('tr[data-row-key]').count(), { timeout: 20_000 }).toBe(2);
    const ids = await page.locator('tr[data-row-key]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
    for (const id of ids) await page.getByTestId(`activate-${id}`).click();

    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const screen of SCREENS) {
        await page.goto(e2e.url(screen.path));
        await settled(page);
        await screen.ready?.(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        found.push(...(await seriousViolations(page, `[${theme}] ${screen.path}`)));
      }

      // Dialogs: the session edit dialog, an admin 'new' dialog and the delete confirmation.
      await page.goto(e2e.url('/sessions/library'));
      await settled(page);
      await page.locator('tr[data-row-key]').first().getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('dialog').waitFor();
      await untilStill(page);
      found.push(...(await seriousViolations(page, `[${theme}] session edit dialog`)));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await page.goto(e2e.url('/admin?section=countries'));
      await settled(page);
      await page.getByTestId('new-country').click();
      await page.getByRole('dialog').waitFor();
      await untilStill(page);
      found.push(...(await seriousViolations(page, `[${theme}] admin new country dialog`)));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.locator('tbody tr').first().getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('confirm-cancel').waitFor();
      await untilStill(page);
      found.push(...(await seriousViolations(page, `[${theme}] delete confirmation`)));
      await page.getByTestId('confirm-cancel').click();
    }

    // Reported together, so one run shows every accessibility and CSP problem.
    expect({ axe: found, csp: csp(), cspConsole: unexpectedErrors(errors).filter((e) => /Content Security Policy/i.test(e)) }).toEqual({ axe: [], csp: [], cspConsole: [] });
  });
});

describe('keyboard use', () => {
  it('the login form is reached in tab order (e-mail, password, then the submit button) and Enter submits it', { timeout: 120_000 }, async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/login'));
    await settled(page);
    await page.locator('input[name="email"]').focus();
    await page.keyboard.type(e2e.admin.email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    await page.keyboard.type(e2e.admin.password);
    // Tabbing on from the password reaches the submit button (maybe after a show-password toggle or a link).
    let reached = false;
    for (let i = 0; i < 4 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'login-submit');
    }
    expect(reached).toBe(true);
    await page.locator('input[name="password"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
  });

  it('an admin dialog opens with Enter, keeps focus inside, saves with Enter, closes with Escape and returns focus; the delete confirmation works by keyboard', { timeout: 180_000 }, async () => {
    const { page } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    await page.goto(e2e.url('/admin?section=circuitTypes'));
    await settled(page);
    const newButton = page.getByTestId('new-circuitType');
    const dialog = page.getByRole('dialog');
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

    // Open with Enter: focus moves into the dialog and Tab cycles inside it.
    await newButton.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(focusInDialog).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('new-circuitType');

    // Open again, type the name, Enter saves.
    const name = `Keyboard type ${Date.now().toString(36)}`;
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.getByRole('dialog').getByRole('textbox').first().focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    const row = page.locator('tbody tr', { hasText: name });
    await row.waitFor({ timeout: 15_000 });

    // Delete by keyboard: Escape cancels the confirmation, then Tab to 'Delete' and Enter removes the row.
    await row.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-delete').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-delete').waitFor({ state: 'hidden' });
    await expect(row.count()).resolves.toBe(1);
    await row.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-delete').waitFor();
    // The confirmation takes the focus once it has opened: tabbing before that would walk the page behind it.
    await expect.poll(focusInDialog).toBe(true);
    let onDelete = false;
    for (let i = 0; i < 6 && !onDelete; i++) {
      onDelete = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'confirm-delete');
      if (!onDelete) await page.keyboard.press('Tab');
    }
    expect(onDelete).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
  });
});

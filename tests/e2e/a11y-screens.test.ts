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
import { closeToasts, startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
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

/**
 * Counts the page's requests in flight (a route's chunk, its API calls) from now on: `quiet` waits for none for
 * half a second, as Playwright's 'networkidle' does after a load, which an in-app navigation does not start.
 */
function watchRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return () => inFlight;
}

/** Resolves once no request has been in flight for 500 ms, or after `timeoutMs` whatever is still loading. */
async function quiet(inFlight: () => number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function settled(page: Page, inFlight: () => number): Promise<void> {
  await page.locator('#root main').waitFor({ timeout: 20_000 });
  await quiet(inFlight);
  // Transitions (Mantine's 150-200 ms) finished, so axe sees final colours.
  await untilStill(page);
}

async function importVbo(page: Page, name: string, text: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByText(/Imported .* with \d+ laps/).last().waitFor({ timeout: 60_000 });
}

/** Follows a side-menu entry, as a racer does: an in-app navigation, no page load. */
const menu = (to: string) => (page: Page) => page.locator(`[data-testid="main-menu"] [data-menu="${to}"]`).click();

/**
 * Signed-in screens, how the app gets to each from the one before (the menu, the header's profile button, the admin
 * tabs) and what shows they are ready. Only the first is a page load: the screens are audited as they render, however
 * the racer arrived, and a load of each (the app's start, axe injected again) cost most of this file's time.
 */
const SCREENS: Array<{ path: string; open: (page: Page) => Promise<unknown>; ready?: (page: Page) => Promise<unknown> }> = [
  { path: '/astro', open: menu('/astro') },
  { path: '/sessions/library', open: menu('/sessions/library'), ready: (p) => p.locator('tr[data-row-key]').first().waitFor({ timeout: 20_000 }) },
  { path: '/sessions/map', open: menu('/sessions/map'), ready: (p) => p.getByTestId('track-map').waitFor({ timeout: 30_000 }) },
  { path: '/sessions/analysis', open: menu('/sessions/analysis'), ready: (p) => p.getByTestId('lap-table-L').waitFor({ timeout: 30_000 }) },
  { path: '/circuits', open: menu('/circuits') },
  { path: '/leaderboards', open: menu('/leaderboards') },
  { path: '/profile', open: (p) => p.getByTestId('profile-button').click() },
  ...ADMIN_SECTIONS.map((s) => ({
    path: `/admin?section=${s}`,
    open: async (p: Page) => {
      if (new URL(p.url()).pathname !== '/admin') await menu('/admin')(p);
      await p.getByTestId(`admin-tab-${s}`).click();
      await expect.poll(() => p.getByTestId(`admin-tab-${s}`).getAttribute('aria-selected')).toBe('true');
    },
  })),
];

/**
 * Opens a signed-in screen in the app (or, with `load`, by loading its URL) and waits until it is ready and still,
 * the mouse off anything it would hover.
 */
async function openScreen(page: Page, inFlight: () => number, path: string, { load = false } = {}): Promise<void> {
  const screen = SCREENS.find((s) => s.path === path)!;
  if (load) {
    await page.goto(e2e.url(path));
  } else {
    await screen.open(page);
    await page.waitForURL((u) => u.pathname === new URL(path, u).pathname);
    await page.mouse.move(0, 0);
  }
  await settled(page, inFlight);
  await screen.ready?.(page);
}

describe('accessibility of every signed-in screen', () => {
  it('has no serious or critical axe violation on any screen or dialog, in both themes, and no CSP violation anywhere', { timeout: 600_000 }, async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    const csp = await watchCspViolations(page);
    const inFlight = watchRequests(page);
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
    // Both uploaded and every toast closed before the audits: the screens are opened in the app (no page load clears
    // the toasts), and an upload's toast fading in while axe runs reads as text of too little contrast.
    await expect.poll(() => page.locator('tr[data-row-key] [data-sync-state="Completed"]').count(), { timeout: 60_000 }).toBe(2);
    await closeToasts(page);

    const found: string[] = [];
    let theme: 'light' | 'dark' = 'dark';
    const audit = async (label: string) => {
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      found.push(...(await seriousViolations(page, `[${theme}] ${label}`)));
    };
    // The header's theme button, as a racer switches; the mouse then leaves it (no tooltip in the audit).
    const switchTheme = async () => {
      theme = theme === 'dark' ? 'light' : 'dark';
      await page.getByTestId('theme-toggle').click();
      await page.mouse.move(0, 0);
      await page.waitForFunction((t) => document.documentElement.getAttribute('data-mantine-color-scheme') === t, theme);
      await untilStill(page);
    };

    // Every screen in both themes: audited as it opens, then again after switching the theme, so the next screen
    // opens in the other one. The first is a page load with the dark theme stored.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    for (const [i, screen] of SCREENS.entries()) {
      await openScreen(page, inFlight, screen.path, { load: i === 0 });
      await audit(screen.path);
      await switchTheme();
      await audit(screen.path);
    }

    // Dialogs in both themes: an admin 'new' dialog and the delete confirmation, then the session edit dialog.
    await openScreen(page, inFlight, '/admin?section=countries');
    for (const _ of ['this theme', 'the other']) {
      await page.getByTestId('new-country').click();
      await page.getByRole('dialog').waitFor();
      await untilStill(page);
      await audit('admin new country dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.locator('tbody tr').first().getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('confirm-cancel').waitFor();
      await untilStill(page);
      await audit('delete confirmation');
      await page.getByTestId('confirm-cancel').click();
      await page.getByTestId('confirm-cancel').waitFor({ state: 'hidden' });
      await switchTheme();
    }
    await openScreen(page, inFlight, '/sessions/library');
    for (const _ of ['this theme', 'the other']) {
      await page.locator('tr[data-row-key]').first().getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('dialog').waitFor();
      await untilStill(page);
      await audit('session edit dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await switchTheme();
    }

    // Reported together, so one run shows every accessibility and CSP problem.
    expect({ axe: found, csp: csp(), cspConsole: unexpectedErrors(errors).filter((e) => /Content Security Policy/i.test(e)) }).toEqual({ axe: [], csp: [], cspConsole: [] });
  });
});

describe('keyboard use', () => {
  it('the login form is reached in tab order (e-mail, password, then the submit button) and Enter submits it', { timeout: 120_000 }, async () => {
    const { page } = await e2e.newPage();
    const inFlight = watchRequests(page);
    await page.goto(e2e.url('/login'));
    await settled(page, inFlight);
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
    const inFlight = watchRequests(page);
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    await page.goto(e2e.url('/admin?section=circuitTypes'));
    await settled(page, inFlight);
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

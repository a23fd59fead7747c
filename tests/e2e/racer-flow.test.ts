/**
 * The racer's flow end to end against the built app: one tap from the library into a session's analysis,
 * 'Compare with...' for the second session, the empty analysis leading back to the library; on the device screen
 * two sessions deleted from ASTRO, then 'Download all new' with speed and time left, 'Analyse' on a downloaded row.
 * Screenshots at tablet (1280x800) and phone (390x844) size in en-us and pt-pt (tests/.artifacts/racer-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeToasts, startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { storedCircuitNames } from './stored-circuits';
import { smallestSessions } from './smallest-sessions';
import { syntheticSession } from '../helpers/synthetic-session';
import { serializeLaps, serializePositions } from '../../src/domain/serialize-session';


let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

const rows = (page: Page) => page.locator('tr[data-row-key]');

/**
 * Screenshots at phone (390x844) and tablet (1280x800) size in both languages, `ready` checked before each: one page
 * load a language (the texts are chosen at start), at the phone's size, then the same page widened to the tablet's;
 * `loadEachSize` loads it again at the tablet's size too (a map fits its track to its size when it opens).
 * `afterLoad` runs after each load. Toasts are closed first (a load used to clear them). Ends in en-us at 1280x800.
 */
async function shots(page: Page, name: string, ready: (locale: 'en-us' | 'pt-pt') => Promise<void>, { afterLoad, loadEachSize = false }: { afterLoad?: () => Promise<void>; loadEachSize?: boolean } = {}) {
  for (const locale of ['pt-pt', 'en-us'] as const) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    for (const [i, [w, h]] of [
      [390, 844],
      [1280, 800],
    ].entries()) {
      await page.setViewportSize({ width: w, height: h });
      if (i === 0 || loadEachSize) {
        await page.reload();
        await afterLoad?.();
      }
      await ready(locale);
      await closeToasts(page);
      await untilStill(page);
      await e2e.screenshot(page, `racer-${name}-${w}-${locale}`);
    }
  }
}

describe("the racer's flow", () => {
  it('opens a session with one tap, compares with a second, and finds the way back from an empty analysis', async () => {
    const { page, errors } = await e2e.newPage();
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await expect.poll(() => storedCircuitNames(page).then((names) => names.length), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    // Two ASTRO sessions at Braga (laps and nmea files picked together), different rides.
    for (const [stamp, seed] of [
      ['20260412_1030', 11],
      ['20260413_0915', 12],
    ] as const) {
      const session = syntheticSession({ fixes: 25 * 240, seed });
      await page.locator('input[type=file]').setInputFiles([
        { name: `${stamp}_Kartodromo de Braga.laps`, mimeType: 'text/plain', buffer: Buffer.from(serializeLaps(session.laps)) },
        { name: `${stamp}_Kartodromo de Braga`, mimeType: 'text/plain', buffer: Buffer.from(serializePositions(session.positions)) },
      ]);
      await expect.poll(() => page.getByText(/Imported .* with \d+ laps/).count(), { timeout: 30_000 }).toBeGreaterThan(seed - 11);
    }
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await shots(page, 'library', async (locale) => {
      await page.getByText(locale === 'pt-pt' ? 'Biblioteca de sessões' : 'Sessions library').waitFor();
      await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    });

    // Each imported session shows its best lap, laps and duration, the same best lap as its analysis.
    const firstKey = await rows(page).first().getAttribute('data-row-key');
    const listedBest = (await page.getByTestId(`best-lap-${firstKey}`).textContent()) ?? '';
    expect(listedBest).toMatch(/^\d\d:\d\d\.\d\d$/);
    expect(Number(await page.getByTestId(`lap-count-${firstKey}`).textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId(`duration-${firstKey}`).textContent()).toMatch(/^\d+ min \d\d s$/);

    // One tap on a row (on a plain cell: its lap count) opens its analysis.
    await page.getByTestId(`lap-count-${firstKey}`).click();
    await page.waitForURL(/\/sessions\/analysis/);
    await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('best-lap-L').textContent()).toContain(listedBest);
    expect(await page.getByTestId('lap-table-R').count()).toBe(0);

    // 'Compare with...' picks the second session of the same circuit.
    await page.goto(e2e.url('/sessions/library'));
    const firstId = await rows(page).first().getAttribute('data-row-key');
    await page.getByTestId(`compare-with-${firstId}`).click();
    const dialog = page.getByTestId('compare-with-dialog');
    await page.locator('[data-testid^="compare-pick-"]').first().click();
    await page.waitForURL(/\/sessions\/analysis/);
    await page.getByTestId('lap-table-R').waitFor({ timeout: 30_000 });
    expect(await dialog.count()).toBe(0);
    await shots(
      page,
      'analysis-compared',
      async () => {
        await page.getByTestId('lap-table-R').waitFor({ timeout: 30_000 });
      },
      { loadEachSize: true },
    );

    // Nothing active: the empty analysis leads to the library.
    await page.evaluate(() => sessionStorage.removeItem('astro.activeSessions'));
    await page.goto(e2e.url('/sessions/analysis'));
    await page.getByTestId('no-active-session').waitFor();
    await shots(page, 'analysis-empty', async () => {
      await page.getByTestId('go-to-library').waitFor();
    });
    await page.getByTestId('go-to-library').click();
    await page.waitForURL(/\/sessions\/library/);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  }, 400_000);

  it("downloads all new sessions with speed and time left, then opens one's analysis from the device list", async () => {
    const { page } = await e2e.newPage();
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await page.goto(e2e.url('/astro'));
    await expect.poll(() => storedCircuitNames(page).then((names) => names.length), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('connect-simulated').click();
    await expect.poll(() => page.locator('tr[data-filename]').count(), { timeout: 15_000 }).toBe(4);
    expect(await page.getByText('Not downloaded yet: only on ASTRO.').count()).toBe(4);
    // Before a download the device's list tells only sizes: the figures come with the session.
    expect(await page.getByTestId('session-figures-later').count()).toBe(4);
    await shots(
      page,
      'device-connected',
      async () => {
        await expect.poll(() => page.locator('tr[data-filename]').count(), { timeout: 15_000 }).toBe(4);
      },
      // A reload ends the link: connect again.
      { afterLoad: () => page.getByTestId('connect-simulated').click() },
    );
    await expect.poll(() => page.locator('tr[data-filename]').count(), { timeout: 15_000 }).toBe(4);
    // The two largest go from the device first, as a racer clears old sessions: a download takes time by its size
    // (2.9 MB of four sessions at the simulated link's pace was most of this test), and 'Download all new' then
    // fetches the two left.
    const deviceRows = page.locator('tr[data-filename]');
    const kept = await smallestSessions(deviceRows, 2);
    const dropped = [0, 1, 2, 3].filter((i) => !kept.includes(i));
    const droppedNames = await Promise.all(dropped.map((i) => deviceRows.nth(i).getAttribute('data-filename')));
    for (const i of dropped) await deviceRows.nth(i).getByRole('checkbox').check();
    await page.getByTestId('delete-selected').click();
    // It names both and warns that ASTRO holds their only copy (neither was downloaded).
    await page.getByTestId('delete-only-copy').waitFor();
    expect(await page.getByTestId('delete-names').locator('li').count()).toBe(2);
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => deviceRows.count(), { timeout: 15_000 }).toBe(2);
    for (const name of droppedNames) expect(await page.locator(`tr[data-filename="${name}"]`).count()).toBe(0);
    await page.getByTestId('download-all-new').click();
    await page.getByTestId('overall-progress').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('transfer-rate').textContent(), { timeout: 30_000 }).toMatch(/\/s · .* left$/);
    await e2e.screenshot(page, 'racer-device-downloading-1280-en-us');
    await expect.poll(() => page.getByTestId('analyse-session').count(), { timeout: 180_000, interval: 1000 }).toBe(2);
    // Downloaded: best lap, laps and duration in the device list and in the library alike.
    await expect.poll(() => page.getByTestId('session-best-lap').count(), { timeout: 15_000 }).toBe(2);
    const deviceBest = await page.getByTestId('session-best-lap').allTextContents();
    expect(deviceBest.every((t) => /^\d\d:\d\d\.\d\d$/.test(t))).toBe(true);
    expect((await page.getByTestId('session-laps').allTextContents()).every((t) => Number(t) > 0)).toBe(true);
    expect((await page.getByTestId('session-duration').allTextContents()).every((t) => /min/.test(t))).toBe(true);
    await shots(page, 'device-downloaded', async () => {
      await expect.poll(() => page.getByTestId('session-best-lap').count(), { timeout: 15_000 }).toBe(2);
    });
    await page.goto(e2e.url('/sessions/library'));
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    const libraryBest = await page.locator('[data-testid^="best-lap-"]').allTextContents();
    expect([...libraryBest].sort()).toEqual([...deviceBest].sort());
    await shots(page, 'library-downloaded', async () => {
      await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    });
    await page.goto(e2e.url('/astro'));
    await expect.poll(() => page.getByTestId('analyse-session').count(), { timeout: 15_000 }).toBe(2);
    await page.getByTestId('analyse-session').first().click();
    await page.waitForURL(/\/sessions\/analysis/);
    await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
  }, 400_000);
});

/**
 * Sessions end to end, in headless Chromium against the built app and a real server: import the real Rustavi VBO
 * twice (two sessions, laps detected from the seeded circuit's gates) -> library -> edit (Edit Session, Session
 * updated) -> compare the two sessions -> map (laps drawn) -> analysis (lap tables side by side, charts) ->
 * the library offline (IndexedDB, local filtering), with
 * screenshots of the three screens in light/en-us and dark/pt-pt (tests/.artifacts/sessions-*.png); and an ASTRO
 * session imported from its two files (laps + nmea) picked together keeps the device's laps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { storedCircuitNames } from './stored-circuits';
import { nextDayVbo, RUSTAVI_VBO } from './vbo-fixture';
import { syntheticSession } from '../helpers/synthetic-session';
import { serializeLaps, serializePositions } from '../../src/domain/serialize-session';

const VBO = RUSTAVI_VBO;

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

async function importVbo(page: Page, name: string, text: string): Promise<number> {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  const toast = page.getByText(/Imported .* with \d+ laps/).last();
  await toast.waitFor({ timeout: 30_000 });
  const laps = Number(/with (\d+) laps/.exec((await toast.textContent()) ?? '')?.[1]);
  return laps;
}

const rows = (page: Page) => page.locator('tr[data-row-key]');

describe('sessions screens', () => {
  it('imports, edits, compares, maps and analyses sessions, in both themes and languages', async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await expect.poll(async () => (await storedCircuitNames(page)).includes('Rustavi International Motorpark'), { timeout: 20_000 }).toBe(true);

    // Library: import the real VBO twice (a second day, so a second session of the same circuit).
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    expect(await importVbo(page, 'rustavi.vbo', VBO)).toBeGreaterThanOrEqual(3);
    expect(await importVbo(page, 'rustavi-next-day.vbo', nextDayVbo(VBO))).toBeGreaterThanOrEqual(3);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(async () => (await rows(page).allTextContents()).every((t) => t.includes('Rustavi International Motorpark'))).toBe(true);

    // Edit: 'Edit Session' dialog, partial update, 'Session updated'.
    await rows(page).first().getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Edit Session').waitFor();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }).fill('Rustavi morning run');
    await page.getByTestId('session-edit-save').click();
    await page.getByText('Session updated').waitFor();
    await page.getByRole('cell', { name: 'Rustavi morning run' }).waitFor();

    // Compare the two sessions (same circuit): left and right.
    const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
    for (const id of ids) await page.getByTestId(`activate-${id}`).click();
    await expect.poll(() => page.getByTestId('slot-right').textContent()).toContain('Rustavi');
    expect(await page.getByTestId('slot-left').textContent()).toContain('Rustavi');
    await e2e.screenshot(page, 'sessions-library-light-en');

    // Map: both sessions' laps drawn.
    await page.getByRole('link', { name: 'Open map' }).click();
    await page.waitForURL(/\/sessions\/map/);
    const map = page.getByTestId('track-map');
    await map.waitFor({ timeout: 30_000 });
    await expect.poll(async () => Number(await map.getAttribute('data-trace-features')), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    expect(await page.locator('[data-lap-key^="L-"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-lap-key^="R-"]').count()).toBeGreaterThanOrEqual(3);
    expect(Number(await map.getAttribute('data-gates'))).toBe(3);
    expect(await map.locator('.ol-zoom-in').getAttribute('title')).toBe('Zoom in');
    const lapFeatures = Number(await map.getAttribute('data-trace-features'));
    // Speed colours come with a legend from the slowest to the fastest speed drawn, gone when switched off.
    expect(await page.getByTestId('speed-legend').count()).toBe(0);
    await page.getByRole('switch', { name: 'Speed colours' }).check({ force: true });
    expect(await page.getByTestId('speed-legend').getAttribute('aria-label')).toMatch(/^Speed colours, from \d+ km\/h \(blue\) to \d+ km\/h \(red\)$/);
    await page.getByRole('switch', { name: 'Speed colours' }).uncheck({ force: true });
    await expect.poll(() => page.getByTestId('speed-legend').count()).toBe(0);
    await page.getByRole('switch', { name: 'Sector vision' }).check({ force: true });
    // Sector vision draws each lap as three sector pieces.
    await expect.poll(async () => Number(await map.getAttribute('data-trace-features'))).toBeGreaterThan(lapFeatures * 2);
    await e2e.screenshot(page, 'sessions-map-light-en');

    // Analysis (through the menu): lap tables side by side, charts, picking a lap.
    await page.locator('[data-menu="/sessions/analysis"]').click();
    const left = page.getByTestId('lap-table-L');
    await left.waitFor({ timeout: 30_000 });
    await page.getByTestId('lap-table-R').waitFor();
    await expect.poll(() => left.locator('tr[data-lap-key]').count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('chart-speed').locator('canvas').first().waitFor({ timeout: 30_000 });
    await left.locator('tr[data-lap-key="L-2"]').click();
    await page.waitForURL(/lap=L-2/);
    expect(await page.getByTestId('corner-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await e2e.screenshot(page, 'sessions-analysis-light-en');

    // Dark theme and European Portuguese.
    await page.evaluate(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('locale', 'pt-pt');
    });
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Biblioteca de sessões').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await e2e.screenshot(page, 'sessions-library-dark-pt');
    // The map and the analysis through the menu: the theme and the language are the page's since its load.
    await page.locator('[data-menu="/sessions/map"]').click();
    await page.getByText('Mapa de sessões').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('track-map').getAttribute('data-trace-features')), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    expect(await page.getByTestId('track-map').locator('.ol-zoom-out').getAttribute('title')).toBe('Afastar');
    await e2e.screenshot(page, 'sessions-map-dark-pt');
    await page.locator('[data-menu="/sessions/analysis"]').click();
    await page.getByText('Visualizador de voltas').waitFor();
    await page.getByTestId('chart-speed').locator('canvas').first().waitFor({ timeout: 30_000 });
    await e2e.screenshot(page, 'sessions-analysis-dark-pt');

    // Offline: the library is served from IndexedDB (local mode), filtering included.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Biblioteca' }).click();
    await page.getByText('Biblioteca de sessões').waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Filtrar por Nome' }).fill('morning');
    await expect.poll(() => rows(page).count()).toBe(1);
    await context.setOffline(false);

    // Map tiles cannot load on this closed network; anything else logged is a failure.
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });

  it('imports an ASTRO session picked as its laps and nmea files together, keeping the device laps', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    // ASTRO's own files (no extension on the device): a 6 min session at Braga with its laps file.
    const session = syntheticSession({ fixes: 25 * 360, seed: 11 });
    // Every lap the device recorded, as the library's Laps column counts them (the In Lap and invalid laps too).
    const deviceLaps = session.laps.filter((l) => l.lapNumber > 0).length;
    await page.locator('input[type=file]').setInputFiles([
      { name: '20260412_1030_Kartodromo de Braga.laps', mimeType: 'text/plain', buffer: Buffer.from(serializeLaps(session.laps)) },
      { name: '20260412_1030_Kartodromo de Braga', mimeType: 'text/plain', buffer: Buffer.from(serializePositions(session.positions)) },
    ]);
    const toast = page.getByText(/Imported .* with \d+ laps/).last();
    await toast.waitFor({ timeout: 30_000 });
    expect(Number(/with (\d+) laps/.exec((await toast.textContent()) ?? '')?.[1])).toBe(deviceLaps);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

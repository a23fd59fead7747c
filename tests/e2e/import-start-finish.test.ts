/**
 * A session near no known circuit, in headless Chromium against the built app and a real server: its import line
 * says the laps were timed at a start/finish found in the track and offers to confirm it; the dialog shows the
 * track and the S/F line on the map, the racer names the track and saves it as their circuit (the session is timed
 * again with it and takes its name); an admin sees it awaiting review and promotes it to reference data.
 * Screenshots of the line and the dialog at 1280x800 and 390x844 in en-us and pt-pt, and the admin's review
 * (tests/.artifacts/import-start-finish-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { syntheticSession } from '../helpers/synthetic-session';
import { writeGpx } from '../unit/domain/file-formats/format-writers';

let e2e: E2E;
beforeAll(async () => {
  // Its own server: it promotes a racer's circuit to the reference data every racer is given.
  e2e = await startE2E({ ownServer: true });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

/**
 * A 6 min kart session around Coimbra, where no seeded circuit is (the nearest is over 100 km away); each seed's
 * track 11 km from the others', as a track saved before is a known circuit for the next import.
 */
function clubTrackGpx(seed: number): Buffer {
  const session = syntheticSession({ fixes: 25 * 360, seed, centre: { lat: 40.1 + seed * 0.1, lon: -8.4 } });
  return Buffer.from(writeGpx(session.positions, Date.UTC(2026, 5, 6 + seed, 9, 30, 0), true));
}

const TEXT = {
  'en-us': { title: 'Sessions library', open: 'Move on the map', note: /No known circuit near/, dialog: 'Start/finish of a new circuit', save: 'Save as my circuit', saved: /Saved your circuit Coimbra club track \d*: the session has \d+ laps/ },
  'pt-pt': { title: 'Biblioteca de sessões', open: 'Mover no mapa', note: /Nenhum circuito conhecido por perto/, dialog: 'Partida/chegada de um circuito novo', save: 'Guardar como o meu circuito', saved: /O seu circuito Coimbra club track \d* foi guardado: a sessão tem \d+ voltas/ },
};

const rows = (page: Page) => page.locator('tr[data-row-key]');

describe('a session near no known circuit', () => {
  it("proposes its start/finish on the map, saves it as the racer's circuit, and an admin promotes it", async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    let k = 0;
    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      for (const [w, h] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        k++;
        await page.setViewportSize({ width: w, height: h });
        await page.goto(e2e.url('/sessions/library'));
        await page.getByText(TEXT[locale].title).first().waitFor();
        await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 20_000 });
        // Two files, so the results are in their lines (no toasts over them): the club track and a bad file.
        await page.locator('input[type=file]').setInputFiles([
          { name: `club-${k}.gpx`, mimeType: 'application/gpx+xml', buffer: clubTrackGpx(k) },
          { name: 'empty.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('') },
        ]);
        const line = page.getByTestId('import-line').filter({ hasText: `club-${k}.gpx` });
        await line.getByText(TEXT[locale].note).waitFor({ timeout: 90_000 });
        expect(await line.getAttribute('data-state')).toBe('imported');
        await line.getByRole('button', { name: TEXT[locale].open }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(TEXT[locale].dialog).waitFor();
        await dialog.locator('canvas').first().waitFor({ timeout: 20_000 });
        // The country is the one of the track's time zone.
        expect(await dialog.getByTestId('start-finish-country').inputValue()).toBe('Portugal');
        expect(await dialog.getByTestId('start-finish-position').textContent()).toMatch(/(40|39)\.\d+, -8\.\d+/);
        await dialog.getByTestId('start-finish-name').fill(`Coimbra club track ${k}`);
        await untilStill(page);
        await e2e.screenshot(page, `import-start-finish-dialog-${w}-${locale}`);
        await dialog.getByTestId('start-finish-save').click();
        await line.getByText(TEXT[locale].saved).waitFor({ timeout: 60_000 });
        await dialog.waitFor({ state: 'hidden' });
        // The session is timed with the new circuit and takes its name.
        await expect.poll(() => rows(page).filter({ hasText: `Coimbra club track ${k}` }).count(), { timeout: 20_000 }).toBe(1);
        await untilStill(page);
        await e2e.screenshot(page, `import-start-finish-saved-${w}-${locale}`);
      }
    }
    expect(await rows(page).count()).toBe(4);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);

    // The admin sees the racers' circuits awaiting review and promotes one to reference data.
    const admin = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await e2e.login(admin.page, e2e.admin.email, e2e.admin.password);
    await admin.page.goto(e2e.url('/admin?section=circuits'));
    const review = admin.page.getByTestId('user-circuits-review');
    await review.waitFor({ timeout: 20_000 });
    await expect.poll(() => review.getByTestId('user-circuit').count()).toBe(4);
    await e2e.screenshot(admin.page, 'import-start-finish-admin-review-1280-en-us');
    const first = review.getByTestId('user-circuit').filter({ hasText: 'Coimbra club track 1' });
    await first.getByRole('button', { name: 'Promote to reference data' }).click();
    await admin.page.getByText('Coimbra club track 1 is now reference data: every racer sees it').waitFor();
    await expect.poll(() => review.getByTestId('user-circuit').count()).toBe(3);
    // Everyone now sees it in the circuits list.
    const other = await fetch(e2e.url('/api/circuits')).then((r) => r.json() as Promise<Array<{ name: string }>>);
    expect(other.map((c) => c.name)).toContain('Coimbra club track 1');
    expect(other.map((c) => c.name)).not.toContain('Coimbra club track 2');
  });
});

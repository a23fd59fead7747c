/**
 * What an import line says of a file's own timing, in headless Chromium against the built app and a real server:
 * the real MyChron export (near no seeded circuit) with its logger's 14 laps beside ours and a start/finish from
 * them; the real Rustavi log with a RaceChrono [laptiming] start/finish beside the track, whose laps fall back to
 * the circuit's gates; two sessions of one club track near no circuit. 'Confirm all' saves the club track once for
 * both, and opens the map for the MyChron file, whose country (Canada) is not known. Screenshots of the lines at
 * 1280x800 and 390x844 in en-us and pt-pt (tests/.artifacts/import-line-notes-*.png).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeToasts, startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { RUSTAVI_VBO } from './vbo-fixture';
import { setUpOnce } from './set-up-once';
import { syntheticSession } from '../helpers/synthetic-session';
import { importFile } from '../../src/domain/file-formats/read-import-file';
import { writeGpx } from '../unit/domain/file-formats/format-writers';
import { fixAlong, lineAcross, nearestFix } from '../unit/domain/file-formats/gate-line-timing';
import { withLaptiming } from '../unit/domain/file-formats/vbo-laptiming-writer';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const AIM = readFileSync(new URL('../fixtures/real-logs/sskc-mychron-aim-20hz-trimmed.csv', import.meta.url));

/** The Rustavi log with its logger's start/finish 25 m beside the track, 50 m past the seeded line: no lap crosses it. */
function besideTrackVbo(): Buffer {
  const positions = importFile('rustavi.vbo', RUSTAVI_VBO).positions;
  const beside = lineAcross(positions, fixAlong(positions, nearestFix(positions, { lat: 41.569854, lon: 44.94928 }), 50), 10, 25);
  return Buffer.from(withLaptiming(RUSTAVI_VBO, [{ kind: 'Start', a: beside.a, b: beside.b, name: 'Start / Finish' }], 'racechrono'));
}

/** A club track near Coimbra (no seeded circuit within 100 km); `skip` fixes dropped make another session of it. */
function clubGpx(day: number, skip: number): Buffer {
  const session = syntheticSession({ fixes: 25 * 360, seed: 7, centre: { lat: 40.2, lon: -8.45 } });
  const p = session.positions;
  const cut = { ...p, count: p.count - skip, lat: p.lat.slice(skip), lon: p.lon.slice(skip), timeMs: p.timeMs.slice(skip), speedKmh: p.speedKmh.slice(skip), distanceM: p.distanceM.slice(skip), lap: p.lap.slice(skip) };
  return Buffer.from(writeGpx(cut, Date.UTC(2026, 5, day, 9, 30, 0), true));
}

const TEXT = {
  'en-us': {
    title: 'Sessions library',
    logger: /^Logger: 14 laps, ours within 0\.0\d\d s of them on the start\/finish line$/,
    fellBack: "The file's own timing gates are crossed by no lap: its laps were timed at the circuit's gates instead.",
    fromLogger: /the start\/finish the logger's own laps place/,
    fromTrace: /the point the track passes most regularly/,
    all: 'Confirm all 3 start/finish lines',
    saved: (name: string) => new RegExp(`^Saved your circuit ${name}: the session has \\d+ laps$`),
  },
  'pt-pt': {
    title: 'Biblioteca de sessões',
    logger: /^Logger: 14 voltas, as nossas a menos de 0,0\d\d s delas na linha de partida\/chegada$/,
    fellBack: 'As linhas de cronometragem do próprio ficheiro não são cruzadas por nenhuma volta: as voltas foram cronometradas nas linhas do circuito.',
    fromLogger: /que as voltas do próprio logger indicam/,
    fromTrace: /o traçado passa com mais regularidade/,
    all: 'Confirmar as 3 linhas de partida/chegada',
    saved: (name: string) => new RegExp(`^O seu circuito ${name} foi guardado: a sessão tem \\d+ voltas$`),
  },
};

const line = (page: Page, name: string) => page.getByTestId('import-line').filter({ hasText: name });

/** Imports the four files as a new racer (the same files again would be 'already in your library') and waits for their upload. */
async function importFour(page: Page, locale: 'en-us' | 'pt-pt', [w, h]: readonly [number, number], day: number) {
  const user = await e2e.signUpAndVerify();
  await e2e.login(page, user.email, user.password);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.setViewportSize({ width: w, height: h });
  await page.goto(e2e.url('/sessions/library'));
  await page.getByText(TEXT[locale].title).first().waitFor();
  await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.locator('input[type=file]').setInputFiles([
    { name: 'sskc-mychron.csv', mimeType: 'text/csv', buffer: AIM },
    { name: 'rustavi-racechrono.vbo', mimeType: 'text/plain', buffer: besideTrackVbo() },
    // Named apart in each case: circuit names are unique in a country, across racers.
    { name: `club-${day}.gpx`, mimeType: 'application/gpx+xml', buffer: clubGpx(day, 0) },
    { name: `club-${day}-2.gpx`, mimeType: 'application/gpx+xml', buffer: clubGpx(day + 10, 50) },
  ]);
  await expect.poll(() => page.locator('[data-testid="import-line"][data-state="imported"]').count(), { timeout: 120_000 }).toBe(4);
  // Uploaded, so no upload's toast comes later over a line or the button a test clicks (its tests share this page).
  await expect.poll(() => page.locator('tr[data-row-key] [data-sync-state="Completed"]').count(), { timeout: 120_000 }).toBe(4);
}

/** Waits for the toasts (uploads) to go, so none sits over the lines in a screenshot. */
async function stillWithoutToasts(page: Page) {
  await closeToasts(page, 60_000);
  await untilStill(page);
}

const SIZES = {
  tablet: [1280, 800],
  phone: [390, 844],
} as const;

/**
 * The four files imported once per language, by a racer of its own, at the size of the language's first test; its
 * second test reads the same lines at the other size, then confirms the batch.
 */
const imports = {
  'en-us': setUpOnce(async () => {
    const opened = await e2e.newPage({ viewport: { width: SIZES.phone[0], height: SIZES.phone[1] } });
    await importFour(opened.page, 'en-us', SIZES.phone, 1);
    return { ...opened, day: 1 };
  }),
  'pt-pt': setUpOnce(async () => {
    const opened = await e2e.newPage({ viewport: { width: SIZES.tablet[0], height: SIZES.tablet[1] } });
    await importFour(opened.page, 'pt-pt', SIZES.tablet, 2);
    return { ...opened, day: 2 };
  }),
};

describe('import lines', () => {
  // The batch is confirmed at 1280 in en-us and at 390 in pt-pt, each after the language's other size has read it.
  for (const [locale, sizes] of [
    ['en-us', [SIZES.phone, SIZES.tablet]],
    ['pt-pt', [SIZES.tablet, SIZES.phone]],
  ] as const) {
    for (const size of sizes) {
      const confirm = (locale === 'en-us') === (size[0] === 1280);
      it(`say when a file's own gates fell back, the logger's laps beside ours and where a proposed line came from${confirm ? '; a batch is confirmed in one tap' : ''} (${size[0]}, ${locale})`, async () => {
        const { page, errors, day } = await imports[locale]();
        await page.setViewportSize({ width: size[0], height: size[1] });
        expect(await line(page, 'sskc-mychron.csv').getByTestId('import-line-logger').textContent()).toMatch(TEXT[locale].logger);
        expect(await line(page, 'sskc-mychron.csv').getByTestId('import-line-proposal').textContent()).toMatch(TEXT[locale].fromLogger);
        expect(await line(page, 'rustavi-racechrono.vbo').getByTestId('import-line-gates-fell-back').textContent()).toBe(TEXT[locale].fellBack);
        expect(await line(page, `club-${day}.gpx`).getByTestId('import-line-proposal').textContent()).toMatch(TEXT[locale].fromTrace);
        await stillWithoutToasts(page);
        await e2e.screenshot(page, `import-line-notes-${size[0]}-${locale}`);
        if (confirm) {
          // One tap for the batch: the club track saved once for both its sessions, the map opened for the MyChron file (Canada is not a known country).
          await page.getByRole('button', { name: TEXT[locale].all }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByTestId('start-finish-dialog').waitFor({ timeout: 60_000 });
          await expect.poll(() => page.getByText(TEXT[locale].saved(`club-${day}`)).count(), { timeout: 60_000 }).toBe(2);
          await dialog.getByRole('button', { name: locale === 'en-us' ? 'Cancel' : 'Cancelar' }).click();
          await dialog.waitFor({ state: 'hidden' });
          // Both club sessions now carry the one circuit's name.
          await expect.poll(() => page.locator('tr[data-row-key]').filter({ hasText: new RegExp(`club-${day} \\d\\d/06`) }).count(), { timeout: 30_000 }).toBe(2);
          await stillWithoutToasts(page);
          await e2e.screenshot(page, `import-line-notes-confirmed-${size[0]}-${locale}`);
        }
        expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
        if (confirm) await page.close();
      });
    }
  }
});

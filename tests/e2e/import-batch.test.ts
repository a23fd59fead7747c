/**
 * Batch import in headless Chromium against the built app and a real server: four files picked at once, then
 * four dropped onto the library - bad files first - each get a line with its progress and result (imported,
 * already in the library, not imported with its reason), in English and Portuguese; the good file after the bad
 * ones is still stored, the same data twice in one batch is stored once. Screenshots at 1280x800 and 390x844 in
 * en-us and pt-pt (tests/.artifacts/import-batch-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { RUSTAVI_VBO } from './vbo-fixture';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const rows = (page: Page) => page.locator('tr[data-row-key]');
const lines = (page: Page) => page.getByTestId('import-line');

/** The Rustavi log as another day's session: dated `k` days later, its first `k` seconds dropped (other data). */
function dayVbo(k: number): string {
  return RUSTAVI_VBO.replace('17/01/2026', `${17 + k}/01/2026`).replace(new RegExp(`(\\[data\\]\\r?\\n)(?:[^\\n]*\\n){${25 * k}}`), '$1');
}

interface Picked {
  name: string;
  text: string;
}

/** Bad files first: the good one after them must still be stored; its copy in the same batch is the duplicate. */
function batch(k: number): Picked[] {
  const vbo = dayVbo(k);
  return [
    { name: 'notes.csv', text: 'shopping list\nmilk,2\nbread,1\n' },
    { name: `rustavi-day${k}.vbo`, text: vbo },
    { name: 'empty.gpx', text: '' },
    { name: `rustavi-day${k}-copy.vbo`, text: vbo },
  ];
}

async function pick(page: Page, files: Picked[]) {
  await page.locator('input[type=file]').setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'text/plain', buffer: Buffer.from(f.text) })));
}

/** Drags the files from 'the desktop' onto the library: dragenter, dragover and drop with a DataTransfer of Files. */
async function drop(page: Page, files: Picked[]) {
  await page.getByTestId('library-drop-zone').evaluate((zone, picked) => {
    const data = new DataTransfer();
    for (const f of picked) data.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    for (const type of ['dragenter', 'dragover']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  }, files);
}

const TEXT = {
  'en-us': { title: 'Sessions library', unknown: /it is none of the formats read here/, empty: /the file is empty/, imported: /Imported Rustavi International Motorpark .* with \d+ laps/, duplicate: /Already in your library: Rustavi International Motorpark/, drop: 'Drop the files to import them' },
  'pt-pt': { title: 'Biblioteca de sessões', unknown: /não é nenhum dos formatos lidos aqui/, empty: /o ficheiro está vazio/, imported: /Rustavi International Motorpark .* importada com \d+ voltas/, duplicate: /Já está na sua biblioteca: Rustavi International Motorpark/, drop: 'Largue os ficheiros para os importar' },
};

describe('batch import', () => {
  it('gives every picked or dropped file its own progress and result line, stores the good ones once, in both languages', async () => {
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
        // Every other batch is dropped onto the library rather than picked.
        if (k % 2 === 0) {
          // While files are dragged over it, the library says it will import them.
          await page.getByTestId('library-drop-zone').evaluate((zone) => zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: (() => { const d = new DataTransfer(); d.items.add(new File(['x'], 'x.vbo')); return d; })() })));
          await page.getByText(TEXT[locale].drop).waitFor();
          await drop(page, batch(k));
        } else {
          await pick(page, batch(k));
        }
        await expect.poll(() => lines(page).count(), { timeout: 10_000 }).toBe(4);
        await expect.poll(() => page.locator('[data-testid=import-line][data-state=waiting], [data-testid=import-line][data-state=importing]').count(), { timeout: 90_000 }).toBe(0);
        expect(await lines(page).evaluateAll((ls) => ls.map((l) => l.getAttribute('data-state')))).toEqual(['failed', 'imported', 'failed', 'duplicate']);
        await lines(page).nth(0).getByText(TEXT[locale].unknown).waitFor();
        await lines(page).nth(1).getByText(TEXT[locale].imported).waitFor();
        await lines(page).nth(2).getByText(TEXT[locale].empty).waitFor();
        await lines(page).nth(3).getByText(TEXT[locale].duplicate).waitFor();
        await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(k);
        await untilStill(page);
        await e2e.screenshot(page, `import-batch-${w}-${locale}`);
      }
    }
    // The lines stay until cleared.
    await page.getByTestId('import-results-clear').click();
    await expect.poll(() => lines(page).count()).toBe(0);
    // A line's 'Analyse' opens the session it stored (at tablet width: on a phone the toasts sit over the lines).
    await page.setViewportSize({ width: 1280, height: 800 });
    await pick(page, batch(k + 1));
    await expect.poll(() => page.locator('[data-testid=import-line][data-state=imported]').count(), { timeout: 90_000 }).toBe(1);
    await page.locator('[data-testid=import-line][data-state=imported]').getByRole('button').click();
    await page.waitForURL(/\/sessions\/analysis/);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

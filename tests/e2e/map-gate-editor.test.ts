/**
 * The sessions map's gate editor in Chromium against the built app: turning Draw on leaves the map where it was
 * (no toolbar wrap), a hint over the map says what a click does, and with the circuit's 3 gates placed it says
 * why a click adds nothing (and a click indeed adds none); the two reset buttons read apart ('Clear gates',
 * 'Discard changes'). Screenshots at 1280x800 and 390x844 in en-us and pt-pt (tests/.artifacts/map-gates-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { rustaviDevices } from './session-import';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

const WORDS = {
  'en-us': { draw: 'Toggle Draw', full: /^All 3 gates are placed: a click adds none\./, clear: 'Clear gates', discard: 'Discard changes', reset: 'Reset gates' },
  'pt-pt': { draw: 'Alternar desenho', full: /^As 3 portas já estão colocadas: um clique não acrescenta nenhuma\./, clear: 'Limpar portas', discard: 'Descartar alterações', reset: 'Repor portas' },
} as const;

/** One racer, the Rustavi session imported once; each test sizes the page and loads the map in its language. */
const deviceIn = rustaviDevices(() => e2e);

const mapTop = async (page: Page) => (await page.getByTestId('track-map').boundingBox())!.y;

describe('gate editor of the sessions map', () => {
  for (const [width, height, size] of [
    [1280, 800, 'tablet'],
    [390, 844, 'phone'],
  ] as const) {
    for (const locale of ['en-us', 'pt-pt'] as const) {
      it(`keeps the map in place when Draw turns on and says why a click adds no 4th gate (${locale}, ${width}x${height})`, async () => {
        const words = WORDS[locale];
        const { page, errors } = await deviceIn('tablet', locale);
        await page.setViewportSize({ width, height });
        await page.goto(e2e.url('/sessions/map'));
        const map = page.getByTestId('track-map');
        await expect.poll(async () => Number(await map.getAttribute('data-trace-features')), { timeout: 30_000 }).toBeGreaterThan(0);
        expect(Number(await map.getAttribute('data-gates'))).toBe(3);
        const before = await mapTop(page);

        await page.getByRole('button', { name: words.draw }).click();
        await expect.poll(() => map.getAttribute('data-gate-mode')).toBe('draw');
        expect(await mapTop(page)).toBe(before);
        const hint = page.getByTestId('gate-hint');
        expect(await hint.textContent()).toMatch(words.full);
        // A click on the map adds nothing (the circuit has its 3 gates).
        const box = (await map.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.6);
        // A drawn gate would show after OpenLayers' drawend and one React render: two frames later.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(Number(await map.getAttribute('data-gates'))).toBe(3);
        expect(await page.getByRole('button', { name: words.reset }).count()).toBe(0);
        expect(await page.getByRole('button', { name: words.clear }).isEnabled()).toBe(true);
        expect(await page.getByRole('button', { name: words.discard }).isDisabled()).toBe(true);
        await e2e.screenshot(page, `map-gates-${size}-${locale}`);

        // Clear gates empties the draft: the hint now asks for the start/finish gate; Discard brings the 3 back.
        await page.getByRole('button', { name: words.clear }).click();
        await expect.poll(async () => Number(await map.getAttribute('data-gates'))).toBe(0);
        await page.getByRole('button', { name: words.discard }).click();
        await expect.poll(async () => Number(await map.getAttribute('data-gates'))).toBe(3);
        expect(await mapTop(page)).toBe(before);
        expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
      });
    }
  }
});

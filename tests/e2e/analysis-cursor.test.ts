/**
 * The lap viewer's linked cursor in Chromium against the built app and a real server: the real Rustavi VBO
 * imported, its laps analysed; hovering or dragging on the speed chart, and on the delta chart, shows both
 * compared laps' speed (km/h, one decimal), the delta and the distance in the user's language, and moves a marker
 * per lap on the map; a tap does it on a phone. Lap table: no 00:00.00 for the unknown In Lap times, km/h on the
 * speed columns. Screenshots at 1280x800 and 390x844 in en-us and pt-pt (tests/.artifacts/analysis-cursor-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { rustaviDevices } from './session-import';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

/** One racer, the Rustavi session imported once: a tablet-sized page and a phone. */
const deviceIn = rustaviDevices(() => e2e);

/** The device's page on the lap viewer, loaded in `locale`, with its charts and map drawn. */
async function analysedSession(device: 'tablet' | 'phone', locale: 'en-us' | 'pt-pt') {
  const opened = await deviceIn(device, locale);
  const { page } = opened;
  await page.goto(e2e.url('/sessions/analysis'));
  await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
  await page.getByTestId('chart-speed').locator('canvas').first().waitFor({ timeout: 30_000 });
  await expect.poll(async () => Number(await page.getByTestId('track-map').getAttribute('data-trace-features')), { timeout: 30_000 }).toBeGreaterThan(0);
  return opened;
}

/** A point inside a chart's plot, `fx` of the way along its width. */
async function plotPoint(chart: Locator, fx: number): Promise<{ x: number; y: number }> {
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.locator('canvas').first().boundingBox())!;
  // The grid leaves 48 px on the left and 16 on the right (chart-options.ts).
  return { x: box.x + 48 + (box.width - 64) * fx, y: box.y + box.height * 0.45 };
}

const cursorLines = (chart: Locator) => chart.locator('[data-cursor-line]').allTextContents();
const markers = async (page: Page) => Number(await page.getByTestId('track-map').getAttribute('data-cursor-markers'));
const distanceOf = (lines: string[]) => Number((/([\d.,\s\u00a0]+) m$/.exec(lines[0]) ?? [])[1]?.replace(/[^\d]/g, ''));

describe('linked cursor of the lap viewer', () => {
  for (const locale of ['en-us', 'pt-pt'] as const) {
    it(`reads both laps, the delta and the distance under the mouse and moves the map marker (${locale}, 1280x800)`, async () => {
      const { page, errors } = await analysedSession('tablet', locale);
      const words = locale === 'en-us' ? { distance: 'Distance: ', reference: ', reference: ', delta: 'Delta: ', max: 'Max (km/h)' } : { distance: 'Distância: ', reference: ', referência: ', delta: 'Diferença: ', max: 'Máx. (km/h)' };

      // Lap table: speeds say their unit; the In Lap (never closed) shows dashes, not 00:00.00.
      const table = page.getByTestId('lap-table-L');
      expect(await table.locator('th').allTextContents()).toContain(words.max);
      expect(await table.textContent()).not.toContain('00:00.00');

      const speedChart = page.getByTestId('chart-speed');
      expect(await markers(page)).toBe(0);
      const a = await plotPoint(speedChart, 0.3);
      await page.mouse.move(a.x, a.y);
      await expect.poll(() => cursorLines(speedChart)).toHaveLength(4);
      const lines = await cursorLines(speedChart);
      expect(lines[0].startsWith(words.distance)).toBe(true);
      // Both laps' speed, km/h to one decimal with the locale's separator.
      const speed = locale === 'en-us' ? /: \d+\.\d km\/h$/ : /: \d+,\d km\/h$/;
      expect(lines[1]).toMatch(speed);
      expect(lines[2]).toMatch(speed);
      expect(lines[2]).toContain(words.reference);
      expect(lines[3]).toMatch(locale === 'en-us' ? /^Delta: [+-]?\d+\.\d\d s$/ : /^Diferença: [+-]?\d+,\d\d s$/);
      await expect.poll(() => markers(page)).toBe(2);
      await e2e.screenshot(page, `analysis-cursor-tablet-${locale}`);

      // Dragging along the chart moves the cursor (and does not pan the chart).
      const d1 = distanceOf(lines);
      await page.mouse.down();
      const b = await plotPoint(speedChart, 0.7);
      await page.mouse.move(b.x, b.y, { steps: 8 });
      await expect.poll(async () => distanceOf(await cursorLines(speedChart))).toBeGreaterThan(d1 + 100);
      await page.mouse.up();
      expect(await markers(page)).toBe(2);

      // The delta chart reads the same.
      const deltaChart = page.getByTestId('chart-delta');
      const c = await plotPoint(deltaChart, 0.5);
      await page.mouse.move(c.x, c.y);
      await expect.poll(async () => (await cursorLines(deltaChart)).length).toBe(4);
      expect((await cursorLines(deltaChart))[3].startsWith(words.delta)).toBe(true);
      await expect.poll(() => markers(page)).toBe(2);

      // Leaving the charts takes the marker off the map.
      await page.mouse.move(5, 5);
      await expect.poll(() => markers(page)).toBe(0);
      expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
    });

    it(`reads the laps where a finger taps the speed chart on a phone (${locale}, 390x844)`, async () => {
      const { page, errors } = await analysedSession('phone', locale);
      const speedChart = page.getByTestId('chart-speed');
      const a = await plotPoint(speedChart, 0.5);
      await page.touchscreen.tap(a.x, a.y);
      await expect.poll(() => cursorLines(speedChart)).toHaveLength(4);
      await expect.poll(() => markers(page)).toBe(2);
      await e2e.screenshot(page, `analysis-cursor-phone-${locale}`);
      expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
    });
  }
});

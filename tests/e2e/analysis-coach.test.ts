/**
 * The coach on the lap viewer in Chromium against the built app and a real server: the real Rustavi VBO imported
 * and analysed; the coach panel shows the drivable optimal lap between the sum of the best micro-sectors and the
 * best lap, three findings in one sentence each in the user's language, the g trace under the speed chart and the
 * g-g diagram drawn (canvases with painted pixels), and the optimal lap taken as the reference, also with the
 * network cut. Screenshots at 1280x800 and 390x844, en-us and pt-pt, light and dark
 * (tests/.artifacts/analysis-coach-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { rustaviDevices, uploadedAndToastsClosed } from './session-import';
import { driftedVbo, RUSTAVI_VBO } from './vbo-fixture';
import { parseLapTime } from '../../src/domain/value-format/lap-time';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

/** Painted (not fully transparent) pixels on a chart's canvases. */
function paintedPixels(chart: Locator): Promise<number> {
  return chart.evaluate((el) => {
    let painted = 0;
    for (const canvas of Array.from(el.querySelectorAll('canvas'))) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted++;
    }
    return painted;
  });
}

/** The metres in a cursor line such as 'Distance: 1,234 m' or 'Distância: 1234 m'. */
const metresIn = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, '') || NaN);

/** Metres between two [id, lat, lon] cursor markers of the map. */
function metresApart(a: [string, number, number], b: [string, number, number]): number {
  const north = (a[1] - b[1]) * 111_132;
  const east = (a[2] - b[2]) * 111_320 * Math.cos((a[1] * Math.PI) / 180);
  return Math.hypot(north, east);
}

/**
 * A shot of one part of the page, cut from the whole page drawn from its top (the fixed header stays at the top, not
 * over the part; a part scrolled to would be shot while a smooth scroll still moves it).
 */
async function partShot(page: Page, testId: string, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await untilStill(page);
  const clip = await page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  await e2e.screenshot(page, name, clip);
}

const lapTime = async (page: Page, testId: string) => parseLapTime(((await page.getByTestId(testId).textContent()) ?? '').trim());

const words = {
  'en-us': { optimal: 'Drivable', finding: /^[1-3]\. Turn \d+: .*\d\.\d\d s/ },
  'pt-pt': { optimal: 'Conduzível', finding: /^[1-3]\. Curva \d+: .*\d,\d\d s/ },
} as const;

/** One racer, the Rustavi session imported once: a tablet-sized page and a phone. */
const deviceIn = rustaviDevices(() => e2e);

describe('coach on the lap viewer', () => {
  for (const [locale, device] of [
    ['en-us', 'tablet'],
    ['pt-pt', 'tablet'],
    ['en-us', 'phone'],
    ['pt-pt', 'phone'],
  ] as const) {
    it(`shows the drivable optimal, three findings and the g charts, and takes the optimal as reference offline (${locale}, ${device})`, { timeout: 240_000 }, async () => {
      const { page, context, errors } = await deviceIn(device, locale);
      // Loaded with the light theme stored: its shot below is of this load.
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.goto(e2e.url('/sessions/analysis'));
      const panel = page.getByTestId('coach-panel');
      await page.getByTestId('coach-optimal-lap').waitFor({ timeout: 60_000 });

      // best lap >= drivable optimal >= sum of the best micro-sectors.
      const best = await lapTime(page, 'coach-best-lap');
      const optimal = await lapTime(page, 'coach-optimal-lap');
      const micro = await lapTime(page, 'coach-sum-of-best-micro');
      const sectors = await lapTime(page, 'coach-sum-of-best-sectors');
      expect(Number.isFinite(best) && Number.isFinite(optimal) && Number.isFinite(micro) && Number.isFinite(sectors)).toBe(true);
      expect(optimal).toBeLessThanOrEqual(best);
      expect(optimal).toBeGreaterThanOrEqual(micro);
      expect(best - micro).toBeGreaterThan(0);

      // Three findings, each one sentence in the user's language with a time.
      const findings = page.getByTestId('coach-finding');
      await expect.poll(() => findings.count(), { timeout: 30_000 }).toBe(3);
      for (const text of await findings.allTextContents()) expect(text).toMatch(words[locale].finding);
      const panelText = (await panel.textContent()) ?? '';
      expect(panelText).not.toMatch(/coach\.\w+/);

      // One truth per corner, as seen: each sentence's turn is the Corners table's row of that number, at the same
      // distance, with the same time lost and (a slower apex) the same minimum speeds, which the braking table's row
      // of that turn shows too; a click on the row puts the map's cursor on the map's label of that turn.
      const table = page.getByTestId('corner-table');
      const braking = page.getByTestId('coach-braking');
      await table.locator('[data-testid=corner-row]').first().waitFor({ timeout: 30_000 });
      const decimal = (text: string) => Number(text.replace(',', '.'));
      for (const finding of await findings.all()) {
        const text = (await finding.textContent()) ?? '';
        const turn = /(?:Turn|Curva) (\d+):/.exec(text)![1];
        const row = table.locator('[data-testid=corner-row]').filter({ has: page.locator(`td:first-child:text-is("${turn}")`) });
        await expect.poll(() => row.count()).toBe(1);
        expect(await row.getAttribute('data-distance')).toBe(await finding.getAttribute('data-distance'));
        const cells = await row.locator('td').allTextContents();
        const time = /(\d+[.,]\d\d) s/.exec(text)![1];
        expect(cells[3]).toBe(`+${time} s`);
        // 'lap / reference' minimum speeds, km/h to 0.1.
        const [lapMin, refMin] = cells[2].split(' / ').map(decimal);
        const slower = /(\d+) km\/h (?:slower|mais lento)/.exec(text);
        if (slower) expect(Math.round(refMin - lapMin)).toBe(Number(slower[1]));
        const brakingRow = braking.locator('tbody tr').filter({ has: page.locator(`td:first-child:text-is("${turn}")`) });
        if ((await brakingRow.count()) === 1) expect((await brakingRow.locator('td').nth(2).textContent())?.split(' / ').map(Number)).toEqual([Math.round(lapMin), Math.round(refMin)]);
      }
      expect((await braking.textContent()) ?? '').not.toContain('<');
      // The coach panel (its braking table inside) and the Corners table as the racer sees them.
      for (const id of ['coach-panel', 'corner-table'] as const) await partShot(page, id, `analysis-coach-${id}-${device}-${locale}`);
      const firstFinding = (await findings.first().textContent()) ?? '';
      const firstTurn = /(?:Turn|Curva) (\d+):/.exec(firstFinding)![1];
      await table.locator('[data-testid=corner-row]').nth(Number(firstTurn) - 1).click();
      const map = page.getByTestId('track-map');
      const labelled = new Map((JSON.parse((await map.getAttribute('data-markers')) ?? '[]') as [string, number, number][]).map((m) => [m[0], m]));
      expect(labelled.size).toBe(await table.locator('[data-testid=corner-row]').count());
      // The reference's cursor (the one nearest) stands on that turn's label, within what the charts' pixels move it
      // (their cursor reports its own x back), and nearer to it than to any other turn's label.
      const nearestLabel = async () => {
        const cursors = JSON.parse((await map.getAttribute('data-cursor-at')) ?? '[]') as [string, number, number][];
        let best: [string, number] = ['', Infinity];
        for (const [label, marker] of labelled) for (const c of cursors) if (metresApart(c, marker) < best[1]) best = [label, metresApart(c, marker)];
        return best;
      };
      await expect.poll(async () => (await nearestLabel())[0], { timeout: 15_000 }).toBe(firstTurn);
      expect((await nearestLabel())[1]).toBeLessThan(5);

      // The g trace and the g-g diagram are drawn.
      for (const id of ['chart-g-trace', 'chart-gg']) {
        const chart = page.getByTestId(id);
        await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
        await chart.scrollIntoViewIfNeeded();
        await expect.poll(() => paintedPixels(chart), { timeout: 15_000 }).toBeGreaterThan(2000);
      }

      // Each theme as the page loads with it stored: the light one is the load above (its top, as a reload shows it).
      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'light') {
          await page.evaluate(() => window.scrollTo(0, 0));
          await untilStill(page);
        } else {
          await page.evaluate((t) => localStorage.setItem('theme', t), theme);
          await page.reload();
          await page.getByTestId('coach-optimal-lap').waitFor({ timeout: 60_000 });
          await page.getByTestId('chart-gg').locator('canvas').first().waitFor({ timeout: 30_000 });
        }
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        await e2e.screenshot(page, `analysis-coach-${device}-${locale}-${theme}`);
      }

      // With the network cut, the optimal lap becomes the reference and the coach reads against it.
      await context.setOffline(true);
      // The optimal lap is the fastest entry, so it may already be the reference: pick the best real lap first.
      await page.getByTestId('reference-lap').click();
      await page.getByRole('option', { name: new RegExp(`^2 · `) }).click();
      await expect.poll(() => page.getByTestId('reference-lap').inputValue()).toMatch(/^2 · /);
      await expect.poll(() => page.getByTestId('coach-use-optimal').isDisabled()).toBe(false);
      await page.getByTestId('coach-use-optimal').scrollIntoViewIfNeeded();
      await page.getByTestId('coach-use-optimal').click();
      await expect.poll(() => page.getByTestId('reference-lap').inputValue()).toMatch(new RegExp(`^${words[locale].optimal} · `));
      await expect.poll(() => page.getByTestId('coach-use-optimal').isDisabled()).toBe(true);
      await expect.poll(() => findings.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => paintedPixels(page.getByTestId('chart-delta')), { timeout: 15_000 }).toBeGreaterThan(2000);

      // A finding shows its place on the map and on the charts: the speed chart's cursor (its tooltip) stands at the
      // finding's distance, and the map's markers are there.
      const at = Number(await findings.first().getAttribute('data-distance'));
      expect(at).toBeGreaterThan(0);
      await findings.first().click();
      await expect.poll(async () => Number(await page.getByTestId('track-map').getAttribute('data-cursor-markers'))).toBeGreaterThan(0);
      const tip = page.getByTestId('chart-speed').locator('[data-cursor-line]').first();
      await expect.poll(async () => Math.abs(metresIn(await tip.textContent()) - at), { timeout: 15_000 }).toBeLessThan(15);
      expect(await tip.isVisible()).toBe(true);
      // The optimal lap is named in the tooltip as on the rest of the screen, never by its internal key.
      expect((await page.getByTestId('chart-speed').locator('[data-cursor-line]').allTextContents()).join(' ')).not.toMatch(/\bL-0\b/);
      // Another finding moves it again.
      if ((await findings.count()) > 1) {
        const next = Number(await findings.nth(1).getAttribute('data-distance'));
        await findings.nth(1).click();
        await expect.poll(async () => Math.abs(metresIn(await tip.textContent()) - next), { timeout: 15_000 }).toBeLessThan(15);
      }
      // The page from its top (a full-page screenshot draws the fixed header where the page is scrolled to).
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `analysis-coach-${device}-${locale}-dark-offline-optimal`);
      await context.setOffline(false);
      expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
    });
  }

  it("moves the second session's lines onto the first's when its GNSS drifted 8 m: the drifted cursor moves by the fit, back when turned off", { timeout: 240_000 }, async () => {
    // The tablet's racer, its Rustavi session active, imports the drifted one beside it.
    const { page, errors } = await deviceIn('tablet', 'en-us');
    await page.goto(e2e.url('/sessions/library'));
    await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => page.locator('tr[data-row-key]').count(), { timeout: 20_000 }).toBe(1);
    const first = await page.locator('tr[data-row-key]').first().getAttribute('data-row-key');
    await page.locator('input[type=file]').setInputFiles({ name: 'rustavi-drifted.vbo', mimeType: 'text/plain', buffer: Buffer.from(driftedVbo(RUSTAVI_VBO, 8)) });
    await expect.poll(() => page.locator('tr[data-row-key]').count(), { timeout: 60_000 }).toBe(2);
    const ids = await page.locator('tr[data-row-key]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
    const drifted = ids.find((id) => id !== first)!;
    // Its upload's toast would sit over the coach's switch or in the screenshots.
    await uploadedAndToastsClosed(page, drifted);
    await page.getByTestId(`activate-${drifted}`).click();

    // The same drive on both days: lap 2 of the drifted session against lap 2 of the first.
    await page.goto(e2e.url('/sessions/analysis?ref=L-2&lap=R-2'));
    const alignment = page.getByTestId('coach-alignment');
    await alignment.waitFor({ timeout: 60_000 });
    const shift = Number(/moved (\d+(?:\.\d+)?) m/.exec((await alignment.textContent()) ?? '')?.[1]);
    expect(shift).toBeGreaterThan(7);
    expect(shift).toBeLessThan(9);

    // A turn of the braking table puts both laps' cursors on the map. The drifted lap's cursor moves with its line;
    // the lap's start (a gate crossing on drifted positions) is not the same fix on both days, so the two cursors
    // stand a few metres apart along the track either way, but closer once the lines are aligned.
    const map = page.getByTestId('track-map');
    const markers = async () => new Map((JSON.parse((await map.getAttribute('data-cursor-at')) ?? '[]') as [string, number, number][]).map((m) => [m[0], m]));
    const turn = page.getByTestId('coach-braking').locator('tbody tr');
    await turn.nth(2).click();
    await expect.poll(async () => (await markers()).size, { timeout: 15_000 }).toBe(2);
    const on = await markers();
    // The page from its top (a full-page screenshot draws the fixed header where the page is scrolled to).
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'analysis-coach-tablet-en-us-aligned');

    await page.getByRole('switch', { name: 'Align the two sessions’ lines on the map' }).click();
    await expect.poll(() => alignment.textContent()).toMatch(/^Lines as recorded/);
    await turn.nth(3).click();
    await turn.nth(2).click();
    await expect.poll(async () => metresApart((await markers()).get('R-2')!, on.get('R-2')!), { timeout: 15_000 }).toBeGreaterThan(7);
    const off = await markers();
    // Moved by the fit (8 m), the reference's cursor where it was, and the two laps closer aligned than as recorded.
    expect(metresApart(off.get('R-2')!, on.get('R-2')!)).toBeLessThan(9);
    // (Within one fix, 0.5 m at the turn's speed: the cursor stands on a fix, and the turn's distance may round to
    // the neighbouring one once the lines are no longer aligned.)
    expect(metresApart(off.get('L-2')!, on.get('L-2')!)).toBeLessThan(1);
    expect(metresApart(on.get('L-2')!, on.get('R-2')!)).toBeLessThan(metresApart(off.get('L-2')!, off.get('R-2')!) - 2);
    // The page from its top (a full-page screenshot draws the fixed header where the page is scrolled to).
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'analysis-coach-tablet-en-us-not-aligned');
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

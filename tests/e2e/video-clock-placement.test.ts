/**
 * An on-board video placed by the clocks it carries, against sessions whose stored start is their first fix's UTC
 * instant. A numbered video (no telemetry; each frame shows its number) added to the imported Rustavi session:
 * with its creation time in UTC inside the session (as a phone writes it) and with the track's wall clock (Tbilisi,
 * UTC+4, as a GoPro writes it), it is placed by itself and lap 3 picked in the lap table shows a frame within a
 * second of the truth (the creation time keeps whole seconds). And the real GoPro MAX file imported as a session,
 * then added to it as its video: its GPS time places it (the camera walks: too little motion for the speeds to say
 * anything) with no refusal; having no laps, the analysis says so (in both languages, on a tablet and a phone) and
 * 'Draw start/finish' opens the map in Draw mode (?gates=draw). Before sessions were dated from their first fix, the first was refused as 'does not
 * overlap' and the second placed 33.7 s off at Road America; the GoPro was refused ('GPS does not match').
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { activeRustaviSession } from './session-import';
import { frameInPixels, lapStarts, makeNumberedVideo, videoSettled, withCreationTime } from './video-frames';

let e2e: E2E;
let workDir: string;
let video: Buffer;
const FPS = 25;
const SECONDS = 600;

/** The Rustavi session's first fix (UTC epoch ms), from the VBO's date line and first row. */
function rustaviFirstFixMs(): number {
  const text = readFileSync(new URL('../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');
  const [, day, month, year] = /UTC Date Started: (\d\d)\/(\d\d)\/(\d{4})/.exec(text)!;
  const row = text.slice(text.indexOf('[data]') + 6).trim().split('\n')[0].trim().split(/\s+/);
  const t = row[1];
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(t.slice(0, 2)), Number(t.slice(2, 4))) + Math.round(Number(t.slice(4)) * 1000);
}

/** The camera started recording at this UTC instant, a whole second 30-odd seconds after the first fix. */
const createdMs = () => Math.ceil(rustaviFirstFixMs() / 1000) * 1000 + 30_000;
/** Frame k shows session time k x 40 ms + the camera's start. */
const truthFrame = (sessionMs: number) => Math.floor((sessionMs - (createdMs() - rustaviFirstFixMs())) / (1000 / FPS));

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-video-clock-'));
  const path = join(workDir, 'numbered.mp4');
  makeNumberedVideo(path, SECONDS, FPS);
  video = readFileSync(path);
  e2e = await startE2E();
}, 240_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function addVideo(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByTestId('video-add').click();
  await page.getByTestId('video-file').setInputFiles({ name, mimeType: 'video/mp4', buffer });
  await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
  await videoSettled(page);
}

describe('a video placed by its own clocks', () => {
  for (const clock of ['utc', 'track wall clock'] as const)
    it(`is placed by its creation time (${clock}) within a second, lap 3 on its frame`, async () => {
      const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
      await activeRustaviSession(e2e, page, 'en-us');
      await page.goto(e2e.url('/sessions/analysis'));
      await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
      // Tbilisi keeps UTC+4 all year: a GoPro there writes 4 hours later than UTC, as if it were UTC.
      const written = clock === 'utc' ? createdMs() : createdMs() + 4 * 3_600_000;
      await addVideo(page, clock === 'utc' ? 'PXL_20240601.mp4' : 'GX010007.MP4', withCreationTime(video, written));
      await expect.poll(() => page.getByTestId('video-sync').textContent(), { timeout: 30_000 }).toContain('creation time');
      expect(await page.locator('[data-testid^=video-notice-no-]').count()).toBe(0);
      const starts = await lapStarts(page);
      await page.getByTestId('lap-table-L').getByText('Lap 3', { exact: true }).click();
      await videoSettled(page);
      await expect.poll(async () => Math.abs((await frameInPixels(page)) - truthFrame(starts.get(3)!))).toBeLessThan(FPS);
      await expect.poll(() => page.getByTestId('video-overlay').getAttribute('data-lap')).toBe('3');
      expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
    });

  it('places the real GoPro MAX video on the session imported from that very file, by its GPS time', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    const file = join(workDir, 'GS010012.MP4');
    writeFileSync(file, readFileSync(new URL('../fixtures/real-logs/gopro-max-gpmf-18hz.mp4', import.meta.url)));
    await page.locator('input[type=file]').setInputFiles([file]);
    const row = page.locator('tr[data-row-key]').first();
    await row.waitFor({ timeout: 60_000 });
    await page.getByTestId(`activate-${await row.getAttribute('data-row-key')}`).click();
    await page.mouse.move(0, 0);
    await page.goto(e2e.url('/sessions/analysis'));
    await page.getByTestId('video-add').click();
    await page.getByTestId('video-file').setInputFiles([file]);
    await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('video-sync').textContent(), { timeout: 30_000 }).toContain('camera’s GPS');
    expect(await page.locator('[data-testid^=video-notice-no-]').count()).toBe(0);
    await untilStill(page);
    await e2e.screenshot(page, 'video-gopro-own-session-tablet-en-us');

    // A walk near no circuit has no laps: said as such (not 'isn't fully updated'), with the way to draw the line.
    const noLaps = { 'en-us': 'No laps were found: no known circuit is near this session.', 'pt-pt': 'Não foram encontradas voltas: nenhum circuito conhecido fica perto desta sessão.' };
    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      for (const [w, h, size] of [[1280, 800, 'tablet'], [390, 844, 'phone']] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.reload();
        await page.getByTestId('no-laps-found').waitFor({ timeout: 30_000 });
        expect(await page.getByTestId('no-laps-found').textContent()).toContain(noLaps[locale]);
        expect(await page.getByTestId('not-fully-updated').count()).toBe(0);
        await untilStill(page);
        await e2e.screenshot(page, `analysis-no-laps-${size}-${locale}`);
      }
    }
    // 'Draw start/finish' opens the map in Draw mode (?gates=draw).
    await page.getByTestId('draw-start-finish').click();
    await page.waitForURL(/\/sessions\/map/);
    await expect.poll(() => page.locator('button[aria-pressed=true]').count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('no-laps-found').waitFor();
    await untilStill(page);
    await e2e.screenshot(page, 'map-no-laps-draw-phone-pt-pt');
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org|BoxParser/.test(e))).toEqual([]);
  });
});

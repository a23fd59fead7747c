/**
 * The on-board video in Chromium against the built app and a real server: a synthetic video made by ffmpeg whose
 * frames carry their own number (15 white/black blocks along the top, bit b at x = 4 + 21b), added to the real
 * Rustavi session, synced by hand with two start/finish marks, then 'lap 3' shown and played: the test reads the
 * frame number off the video's pixels and checks it is the frame that shows lap 3's start. Again with the network
 * cut after a reload (the video plays from the device's own storage). Screenshots at 1280x800 and 390x844 in
 * en-us and pt-pt (tests/.artifacts/video-player-*.png).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledByServiceWorker, startE2E, unexpectedErrors, untilStill, type E2E } from './harness';
import { activeRustaviSession } from './session-import';
import { frameInPixels, lapStarts, makeNumberedVideo, scrubTo, videoSettled, lapOption } from './video-frames';

let e2e: E2E;
let video: Buffer;
let workDir: string;

/** The truth the video is made with: frame k shows session time k x 40 ms + OFFSET_MS. */
const FPS = 25;
const OFFSET_MS = -5_000;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-video-'));
  const path = join(workDir, 'onboard.mp4');
  makeNumberedVideo(path, 900, FPS);
  video = readFileSync(path);
  e2e = await startE2E({ serviceWorker: true });
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The frame that shows a session time in the truth of the video. */
const truthFrame = (sessionMs: number) => Math.floor((sessionMs - OFFSET_MS) / (1000 / FPS));
const settled = (page: Page) => videoSettled(page);

/** The player alone, beside the full-page screenshots (those are several screens tall). */
async function panelShot(page: Page, name: string): Promise<void> {
  const full = await e2e.screenshot(page, name);
  // The app's fixed header would cover the panel's top once the panel is scrolled to.
  await page.getByTestId('video-panel').screenshot({ path: full, style: '.mantine-AppShell-header { visibility: hidden; }' });
}

/**
 * Opens the lap picker: each lap reads with its time and whether the video shows it (the out lap named, lap 2
 * whole on a video that runs on past it), then a shot of it, and closes it.
 */
async function lapPickerShot(page: Page, locale: 'en-us' | 'pt-pt', size: 'phone' | 'tablet'): Promise<void> {
  await page.getByTestId('video-lap').click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const texts = await options.allTextContents();
  expect(texts[0]).toMatch(locale === 'en-us' ? /^Out lap · \d\d:\d\d\.\d\d/ : /^Volta de saída · \d\d:\d\d\.\d\d/);
  expect(texts).toContainEqual(expect.stringMatching(locale === 'en-us' ? /^Lap 2 · \d\d:\d\d\.\d\d · on video$/ : /^Volta 2 · \d\d:\d\d\.\d\d · no vídeo$/));
  await untilStill(page);
  await e2e.screenshot(page, `video-lap-picker-${size}-${locale}`);
  await page.keyboard.press('Escape');
}

async function chooseLap(page: Page, lap: number, phone = false): Promise<void> {
  await page.getByTestId('video-lap').click();
  await page.getByRole('option', { name: lapOption(lap) }).click({ force: phone });
}

async function analysisWithVideo(page: Page, locale: 'en-us' | 'pt-pt'): Promise<void> {
  await activeRustaviSession(e2e, page, locale);
  await page.goto(e2e.url('/sessions/analysis'));
  await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
  await page.getByTestId('video-add').click();
  await page.getByTestId('video-file').setInputFiles({ name: 'GX010001.MP4', mimeType: 'video/mp4', buffer: video });
  await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
  await settled(page);
}

describe('on-board video', () => {
  it('is synced by hand, shows and plays lap 3 on the right frame, offline after a reload (en-us, 1280x800)', async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await analysisWithVideo(page, 'en-us');
    expect(await page.getByTestId('video-sync').textContent()).toContain('Not synced');
    const starts = await lapStarts(page);
    expect(starts.has(3)).toBe(true);

    // Frame steps: +1 frame, -1 frame, +1 s.
    await scrubTo(page, truthFrame(starts.get(1)!) - 3, FPS);
    await page.getByTestId('video-fwd-1f').click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(truthFrame(starts.get(1)!) - 2);
    await page.getByTestId('video-fwd-1s').click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(truthFrame(starts.get(1)!) + 23);
    await page.getByTestId('video-back-1s').click();
    await page.getByTestId('video-back-1f').click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(truthFrame(starts.get(1)!) - 3);

    // Two marks: lap 1's and lap 2's start/finish crossings, each on the frame that shows it.
    for (const lap of [1, 2]) {
      await scrubTo(page, truthFrame(starts.get(lap)!), FPS);
      await chooseLap(page, lap);
      await page.getByTestId('video-mark').click();
    }
    await expect.poll(() => page.getByTestId('video-sync').textContent()).toContain('2 marks');

    // Lap 3 picked in the lap table: the video shows the frame of its start, the overlay says lap 3.
    await page.getByTestId('lap-table-L').getByText('Lap 3', { exact: true }).click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(truthFrame(starts.get(3)!));
    await expect.poll(() => page.getByTestId('video-overlay').getAttribute('data-lap')).toBe('3');
    expect(Number(await page.getByTestId('video-overlay').getAttribute('data-frame'))).toBe(truthFrame(starts.get(3)!));
    // The lap's first frame (on screen at the crossing) reads 'LAP 3 00:00.00', as the export labels it.
    expect(await page.getByTestId('video-overlay').getAttribute('data-lap-ms')).toBe('0');
    await page.getByTestId('video-back-1f').click();
    await settled(page);
    await expect.poll(() => page.getByTestId('video-overlay').getAttribute('data-lap')).toBe('2');
    // The map's cursor and the speed chart's cursor follow the video.
    await expect.poll(async () => Number(await page.getByTestId('track-map').getAttribute('data-cursor-markers'))).toBeGreaterThan(0);
    await page.getByTestId('video-fwd-1s').click();
    await settled(page);
    await expect.poll(() => page.getByTestId('chart-speed').locator('[data-cursor-line]').count()).toBeGreaterThan(0);
    // The charts' tooltip names the lap the video shows, marked as the video's, not only the compared laps.
    const onVideo = await page.getByTestId('video-overlay').getAttribute('data-lap');
    expect(onVideo).toMatch(/^\d+$/);
    await expect
      .poll(async () => (await page.getByTestId('chart-speed').locator('[data-cursor-line]').allTextContents()).join(' | '), { timeout: 15_000 })
      .toMatch(new RegExp(`Lap ${onVideo}(, reference)?, on the video: `));
    await panelShot(page, 'video-player-panel-tablet-en-us-light');
    await e2e.screenshot(page, 'video-player-tablet-en-us');

    // 'Play lap 3': starts on the lap's first frame and plays on within the lap.
    await scrubTo(page, 100, FPS);
    await chooseLap(page, 3);
    await page.getByTestId('video-play-lap').click();
    await page.waitForFunction(() => !(document.querySelector('[data-testid=video-element]') as HTMLVideoElement).paused);
    // Played on for half a second of the video (however long that takes the machine).
    const playedFrom = await page.evaluate(() => (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime);
    await page.waitForFunction((from) => (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime >= from + 0.5, playedFrom, { timeout: 30_000 });
    await page.getByTestId('video-play').click();
    await settled(page);
    // Paused while playing: the frame label and the overlay are those of the frame on screen. Both are read again on
    // each try: the pause puts the video back on the frame last presented, a seek that may end after `settled`.
    const overlayMinusPicture = async () => Number(await page.getByTestId('video-overlay').getAttribute('data-frame')) - (await frameInPixels(page));
    await expect.poll(overlayMinusPicture).toBe(0);
    const played = await frameInPixels(page);
    expect(await page.getByTestId('video-frame').textContent()).toMatch(new RegExp(`^Frame ${await frameInPixels(page)} ·`));
    expect(played).toBeGreaterThan(truthFrame(starts.get(3)!));
    expect(played).toBeLessThan(truthFrame(starts.get(4) ?? Infinity));
    expect(await page.getByTestId('video-overlay').getAttribute('data-lap')).toBe('3');

    // No network, a reload: the video, its sync and lap 3's frame are all still there.
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('video-element').waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await page.getByTestId('video-sync').textContent()).toContain('2 marks');
    await page.getByTestId('lap-table-L').getByText('Lap 3', { exact: true }).click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(truthFrame(starts.get(3)!));
    await context.setOffline(false);

    // The profile counts the video's bytes.
    await page.goto(e2e.url('/profile'));
    await expect.poll(() => page.getByTestId('storage-videos').textContent(), { timeout: 20_000 }).toContain('1 video');
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });

  it('is added and marked on a phone, in Portuguese, with the gauges the racer chose kept (390x844 and 1280x800, both languages and themes)', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await analysisWithVideo(page, 'pt-pt');
    expect(await page.getByTestId('video-sync').textContent()).toContain('Não sincronizado');
    const starts = await lapStarts(page);
    await scrubTo(page, truthFrame(starts.get(2)!), FPS);
    await chooseLap(page, 2, true);
    await page.getByTestId('video-mark').click();
    await expect.poll(() => page.getByTestId('video-sync').textContent()).toContain('1 marca');
    await scrubTo(page, truthFrame(starts.get(2)!) + 250, FPS);
    await expect.poll(() => page.getByTestId('video-overlay').getAttribute('data-lap')).toBe('2');
    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    await panelShot(page, 'video-player-panel-phone-pt-pt-light');
    await e2e.screenshot(page, 'video-player-phone-pt-pt');
    await page.setViewportSize({ width: 1280, height: 800 });
    await panelShot(page, 'video-player-panel-tablet-pt-pt-light');
    await e2e.screenshot(page, 'video-player-tablet-pt-pt');

    // The racer adds the g-meter and the session's name and date to the overlay; the choice outlives a reload.
    await page.getByTestId('video-gauges').click();
    await page.getByTestId('video-gauge-gMeter').check({ force: true });
    await page.getByTestId('video-gauge-sessionName').check({ force: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('video-overlay').getAttribute('data-gauges')).toContain('gMeter');

    // Both languages in the dark theme, phone and tablet.
    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => {
        localStorage.setItem('locale', l);
        localStorage.setItem('theme', 'dark');
      }, locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByTestId('video-element').waitFor({ timeout: 30_000 });
      await settled(page);
      await scrubTo(page, truthFrame(starts.get(2)!) + 250, FPS);
      expect(await page.getByTestId('video-overlay').getAttribute('data-gauges')).toContain('gMeter');
      expect(await page.getByTestId('video-overlay').getAttribute('data-gauges')).toContain('sessionName');
      await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
      await panelShot(page, `video-player-panel-phone-${locale}-dark`);
      await e2e.screenshot(page, `video-player-phone-${locale}-dark`);
      await lapPickerShot(page, locale, 'phone');
      await page.setViewportSize({ width: 1280, height: 800 });
      await settled(page);
      // The navbar slides in at this width: the panel's shot waits for the layout to be still.
      await untilStill(page);
      await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
      await panelShot(page, `video-player-panel-tablet-${locale}-dark`);
      await lapPickerShot(page, locale, 'tablet');
    }
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

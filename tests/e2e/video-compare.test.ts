/**
 * Playback of the on-board video with everything else in Chromium, against the built app and a real server, with
 * synthetic videos whose frames carry their number (video-frames.ts): 'play lap 3' ends on lap 3's last frame; a
 * click on the map or on the speed chart shows that place of the lap; and with a second session compared, its
 * video plays beside the first, following it by distance along the lap: the test reads the second video's frame
 * off its pixels and checks both are as far into their laps, on a tablet in English and a phone in Portuguese.
 * Screenshots: tests/.artifacts/video-compare-*.png.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { activeRustaviSession, uploadedAndToastsClosed } from './session-import';
import { nextDayVbo, RUSTAVI_VBO } from './vbo-fixture';
import { frameInPixels, makeNumberedVideo, scrubTo, videoSettled, lapOption } from './video-frames';

let e2e: E2E;
let video: Buffer;
let workDir: string;

const FPS = 25;
/** How each session's video is marked: frame k shows session time k x 40 ms + offset. */
const OFFSET_A = -5_000;
const OFFSET_B = 7_000;
const truthFrame = (sessionMs: number, offsetMs: number) => Math.floor((sessionMs - offsetMs) / (1000 / FPS));

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-video-compare-'));
  const path = join(workDir, 'onboard.mp4');
  makeNumberedVideo(path, 900, FPS);
  video = readFileSync(path);
  e2e = await startE2E();
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const lapStarts = async (page: Page) => new Map<number, number>(JSON.parse((await page.locator('[data-lap-starts]').getAttribute('data-lap-starts'))!) as [number, number][]);
const overlay = (page: Page, name: string) => page.getByTestId('video-overlay').getAttribute(name);

/** The active session's analysis with a video added and synced by two marks (lap 1's and lap 2's crossings). */
async function addSyncedVideo(page: Page, name: string, offsetMs: number): Promise<Map<number, number>> {
  await page.goto(e2e.url('/sessions/analysis'));
  await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
  await page.getByTestId('video-add').click();
  await page.getByTestId('video-file').setInputFiles({ name, mimeType: 'video/mp4', buffer: video });
  await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
  await videoSettled(page);
  const starts = await lapStarts(page);
  for (const lap of [1, 2]) {
    await scrubTo(page, truthFrame(starts.get(lap)!, offsetMs), FPS);
    await page.getByTestId('video-lap').click();
    await page.getByRole('option', { name: lapOption(lap) }).click();
    await page.getByTestId('video-mark').click();
    await expect.poll(() => page.getByTestId('video-sync').textContent()).toContain(lap === 1 ? '1 mark' : '2 marks');
  }
  return starts;
}

async function libraryIds(page: Page): Promise<string[]> {
  await page.goto(e2e.url('/sessions/library'));
  await page.locator('tr[data-row-key]').first().waitFor({ timeout: 30_000 });
  return page.locator('tr[data-row-key]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')!));
}

describe('on-board video playback with the map, the charts and a second session', () => {
  it('plays lap 3 to its last frame, seeks from the map and the speed chart, and follows a second session by distance, on a tablet and on a phone', { timeout: 480_000 }, async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await activeRustaviSession(e2e, page, 'en-us');
    const [idA] = await libraryIds(page);
    const startsA = await addSyncedVideo(page, 'GX010001.MP4', OFFSET_A);

    // 'Play lap 3': it starts on lap 3's first frame; moved on to a second before the lap's end while playing (so
    // the test does not wait two minutes), it stops on lap 3's last frame.
    await page.getByTestId('video-lap').click();
    await page.getByRole('option', { name: lapOption(3) }).click();
    await page.getByTestId('video-play-lap').click();
    await page.waitForFunction(() => !(document.querySelector('[data-testid=video-element]') as HTMLVideoElement).paused);
    const lastOf3 = truthFrame(startsA.get(4)!, OFFSET_A) - 1;
    await page.evaluate(([f, fps]) => {
      (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime = (f + 0.5) / fps;
    }, [lastOf3 - FPS, FPS] as const);
    await page.waitForFunction(() => (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).paused, undefined, { timeout: 60_000 });
    await videoSettled(page);
    await expect
      .poll(async () => `${await frameInPixels(page)} (overlay ${await overlay(page, 'data-frame')}, lap ${await overlay(page, 'data-lap')})`, { timeout: 10_000 })
      .toMatch(new RegExp(`^(${lastOf3 - 1}|${lastOf3}|${lastOf3 + 1}) \\(overlay \\d+, lap 3\\)$`));

    // Lap 3's start from the lap table, then a click on the map: the video shows lap 3 where the map was clicked.
    await page.getByTestId('lap-table-L').getByText('Lap 3', { exact: true }).click();
    await videoSettled(page);
    await expect.poll(() => frameInPixels(page)).toBe(truthFrame(startsA.get(3)!, OFFSET_A));
    const map = page.getByTestId('track-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.5, y: box.height * 0.5 } });
    await expect.poll(async () => Number(await overlay(page, 'data-distance')), { timeout: 10_000 }).toBeGreaterThan(50);
    // The overlay names the frame the click asks for as soon as the cursor moves; the video's seek to it may not have
    // begun by then, so the two are compared until they agree.
    await expect.poll(async () => (await frameInPixels(page)) - Number(await overlay(page, 'data-frame'))).toBe(0);
    expect(await overlay(page, 'data-lap')).toBe('3');

    // Two clicks on the speed chart, further and further along the lap: the video goes there too.
    const chart = page.getByTestId('chart-speed').locator('canvas').first();
    await chart.scrollIntoViewIfNeeded();
    const plot = (await chart.boundingBox())!;
    const distances: number[] = [];
    for (const at of [0.3, 0.7]) {
      const before = await overlay(page, 'data-distance');
      await chart.click({ position: { x: plot.width * at, y: plot.height * 0.8 } });
      await expect.poll(() => overlay(page, 'data-distance'), { timeout: 10_000 }).not.toBe(before);
      await videoSettled(page);
      distances.push(Number(await overlay(page, 'data-distance')));
      expect(await overlay(page, 'data-lap')).toBe('3');
    }
    expect(distances[1]).toBeGreaterThan(distances[0] + 200);

    // A second session (the next day's drive), alone, with its own video synced.
    await libraryIds(page);
    await page.locator('input[type=file]').setInputFiles({ name: 'rustavi-next-day.vbo', mimeType: 'text/plain', buffer: Buffer.from(nextDayVbo(RUSTAVI_VBO)) });
    await expect.poll(() => page.locator('tr[data-row-key]').count(), { timeout: 60_000 }).toBe(2);
    const idB = (await libraryIds(page)).find((id) => id !== idA)!;
    // Its upload's toast would sit on the video's 'Add' button.
    await uploadedAndToastsClosed(page, idB);
    await page.getByTestId(`activate-${idA}`).click();
    await page.getByTestId(`activate-${idB}`).click();
    const startsB = await addSyncedVideo(page, 'GX010002.MP4', OFFSET_B);

    // Both compared: the next day's on the left leads, the first day's video follows beside it, its lap 2 set
    // against each lap of the lead.
    await libraryIds(page);
    await page.getByTestId(`activate-${idA}`).click();
    await page.goto(e2e.url('/sessions/analysis'));
    await page.getByTestId('video-follower-element').waitFor({ timeout: 60_000 });
    await videoSettled(page);
    await page.getByTestId('video-follower-lap').click();
    await page.getByRole('option', { name: lapOption(2) }).click();

    // The lead on lap 3's start: the follower on lap 2's start.
    await scrubTo(page, truthFrame(startsB.get(3)!, OFFSET_B), FPS);
    await videoSettled(page, 'video-follower-element');
    await expect.poll(async () => Math.abs((await frameInPixels(page, 'video-follower-element')) - truthFrame(startsA.get(2)!, OFFSET_A))).toBeLessThanOrEqual(1);

    // 40 s into the lead's lap 3: the follower is as far into its lap 2, which is not 40 s into it.
    const leadFrame = truthFrame(startsB.get(3)! + 40_000, OFFSET_B);
    await scrubTo(page, leadFrame, FPS);
    const follower = page.getByTestId('video-follower-element');
    await expect.poll(async () => Math.abs(Number(await follower.getAttribute('data-distance')) - Number(await overlay(page, 'data-distance')))).toBeLessThanOrEqual(0.11);
    await videoSettled(page, 'video-follower-element');
    const followerFrame = Number(await follower.getAttribute('data-frame'));
    await expect.poll(() => frameInPixels(page, 'video-follower-element')).toBe(followerFrame);
    // Its own overlay: its own lap (2), its lap timer, and its delta to the lead's lap at the same distance.
    expect(await page.getByTestId('video-follower-overlay').getAttribute('data-lap')).toBe('2');
    const followerDelta = Number(await page.getByTestId('video-follower-overlay').getAttribute('data-delta-ms'));
    expect(Math.abs(followerDelta - ((followerFrame * 1000) / FPS + OFFSET_A - startsA.get(2)! - 40_000))).toBeLessThan(150);
    const byTime = truthFrame(startsA.get(2)! + 40_000, OFFSET_A);
    expect(Math.abs(followerFrame - byTime)).toBeGreaterThan(0);
    expect(Math.abs(followerFrame - byTime)).toBeLessThan(10 * FPS);
    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('video-panel').screenshot({ path: await e2e.screenshot(page, 'video-compare-tablet-en-us'), style: '.mantine-AppShell-header { visibility: hidden; }' });

    // Played for a moment and paused: the follower played along and is put on the exact frame again.
    await page.getByTestId('video-play').click();
    await page.waitForFunction(() => !(document.querySelector('[data-testid=video-follower-element]') as HTMLVideoElement).paused, undefined, { timeout: 10_000 });
    // Played on for a second and a half of the video (however long that takes the machine).
    const playedFrom = await page.evaluate(() => (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime);
    await page.waitForFunction((from) => (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime >= from + 1.5, playedFrom, { timeout: 30_000 });
    await page.getByTestId('video-play').click();
    await videoSettled(page);
    await expect.poll(async () => Math.abs(Number(await follower.getAttribute('data-distance')) - Number(await overlay(page, 'data-distance')))).toBeLessThanOrEqual(0.11);
    await videoSettled(page, 'video-follower-element');
    await expect.poll(async () => Math.abs((await frameInPixels(page, 'video-follower-element')) - Number(await follower.getAttribute('data-frame'))), { timeout: 10_000 }).toBeLessThanOrEqual(1);
    expect(Number(await overlay(page, 'data-frame'))).toBeGreaterThan(leadFrame);

    // On a phone, in Portuguese: the two videos one above the other, the follower still matched by distance.
    await page.evaluate(() => localStorage.setItem('locale', 'pt-pt'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await follower.waitFor({ timeout: 60_000 });
    await videoSettled(page);
    await page.getByTestId('video-follower-lap').click();
    await page.getByRole('option', { name: lapOption(2) }).click({ force: true });
    await scrubTo(page, leadFrame, FPS);
    await expect.poll(async () => Math.abs(Number(await follower.getAttribute('data-distance')) - Number(await overlay(page, 'data-distance')))).toBeLessThanOrEqual(0.11);
    await videoSettled(page, 'video-follower-element');
    await expect.poll(() => frameInPixels(page, 'video-follower-element')).toBe(followerFrame);
    expect(await page.getByTestId('video-play').textContent()).toBe('Reproduzir');
    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('video-panel').screenshot({ path: await e2e.screenshot(page, 'video-compare-phone-pt-pt'), style: '.mantine-AppShell-header { visibility: hidden; }' });
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

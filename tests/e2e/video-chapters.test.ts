/**
 * A GoPro recording split into chapters, added in one pick, in Chromium against the built app and a real server:
 * two synthetic chapters made by ffmpeg (GX010042.MP4 shows frames 0-499, GX020042.MP4 goes on with 500-999, each
 * with sound and B-frames) become ONE stored video as long as both, which shows the right frame anywhere in the second chapter,
 * steps across the join, and plays again from the device's storage with the network cut after a reload. A second
 * pick with a chapter missing in the middle and a phone's file beside it: the recording ends at the gap (with the
 * notice naming the missing and the left-out files) and the phone's file is a video of its own, shown when picked. Screenshots at
 * 1280x800 (en-us) and 390x844 (pt-pt): tests/.artifacts/video-chapters-*.png.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledByServiceWorker, startE2E, unexpectedErrors, type E2E } from './harness';
import { activeRustaviSession } from './session-import';
import { frameInPixels, makeNumberedVideo, scrubTo, videoSettled } from './video-frames';

let e2e: E2E;
let workDir: string;
const files = new Map<string, Buffer>();

const FPS = 25;
/** Each chapter's length, s. */
const CHAPTER_S = 20;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-chapters-'));
  const make = (name: string, firstFrame: number, bframes = false) => {
    makeNumberedVideo(join(workDir, name), CHAPTER_S, FPS, { firstFrame, audio: true, bframes });
    files.set(name, readFileSync(join(workDir, name)));
  };
  // With B-frames, as a camera may record: the joined file must show each frame at the chapters' own times.
  make('GX010042.MP4', 0, true);
  make('GX020042.MP4', CHAPTER_S * FPS, true);
  make('GX010043.MP4', 0);
  make('GX030043.MP4', 2 * CHAPTER_S * FPS);
  // A phone's video, told apart by its numbers.
  make('phone.mp4', 5000);
  e2e = await startE2E({ serviceWorker: true });
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const picked = (names: string[]) => names.map((name) => ({ name, mimeType: 'video/mp4', buffer: files.get(name)! }));

/** The stored video rows of the app's database: file name and length. */
function videoRows(page: Page): Promise<{ fileName: string; durationS: number; mimeType: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('astro-companion');
        req.onsuccess = () => {
          const all = req.result.transaction('videos').objectStore('videos').getAll();
          all.onsuccess = () => resolve(all.result.map((r: { fileName: string; durationS: number; mimeType: string }) => ({ fileName: r.fileName, durationS: r.durationS, mimeType: r.mimeType })));
          all.onerror = () => reject(all.error);
        };
        req.onerror = () => reject(req.error);
      }),
  );
}

async function analysis(page: Page, locale: 'en-us' | 'pt-pt'): Promise<void> {
  await activeRustaviSession(e2e, page, locale);
  await page.goto(e2e.url('/sessions/analysis'));
  await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
  await page.getByTestId('video-add').click();
}

/** The player alone (the full-page shot is several screens tall). */
async function panelShot(page: Page, name: string): Promise<void> {
  const full = await e2e.screenshot(page, name);
  await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('video-panel').screenshot({ path: full.replace(/\.png$/, '-panel.png'), style: '.mantine-AppShell-header { visibility: hidden; }' });
}

describe('GoPro chapters', () => {
  it('are one video as long as both, on the right frame in the second chapter, offline after a reload (en-us, 1280x800)', async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await analysis(page, 'en-us');
    // Picked in the reverse order: the chapter numbers decide.
    await page.getByTestId('video-file').setInputFiles(picked(['GX020042.MP4', 'GX010042.MP4']));
    await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
    await videoSettled(page);

    const rows = await videoRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0].fileName).toBe('GX010042.MP4 + GX020042.MP4');
    expect(rows[0].durationS).toBeCloseTo(2 * CHAPTER_S, 2);
    expect(await page.getByTestId('video-element').evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(2 * CHAPTER_S, 1);
    expect(await page.getByTestId('video-notice-missing-chapter').count()).toBe(0);

    // Both chapters, each at its own frames; the second one's frames go on from the first's.
    await scrubTo(page, 3, FPS);
    await scrubTo(page, 762, FPS);
    await scrubTo(page, 2 * CHAPTER_S * FPS - 1, FPS);
    // Frame steps across the join: the last frame of the first chapter, then the first of the second.
    await scrubTo(page, CHAPTER_S * FPS - 1, FPS);
    await page.getByTestId('video-fwd-1f').click();
    await videoSettled(page);
    await expect.poll(() => frameInPixels(page)).toBe(CHAPTER_S * FPS);
    await page.getByTestId('video-back-1f').click();
    await videoSettled(page);
    await expect.poll(() => frameInPixels(page)).toBe(CHAPTER_S * FPS - 1);
    await scrubTo(page, 762, FPS);
    await panelShot(page, 'video-chapters-tablet-en-us');

    // No network, a reload: the joined video plays from the device's storage.
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('video-element').waitFor({ timeout: 30_000 });
    await videoSettled(page);
    await scrubTo(page, 35 * FPS, FPS);
    await context.setOffline(false);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });

  it('ends at a missing chapter, saying which, and adds a file picked beside them as a video of its own (pt-pt, 390x844)', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await analysis(page, 'pt-pt');
    await page.getByTestId('video-file').setInputFiles(picked(['GX010043.MP4', 'GX030043.MP4', 'phone.mp4']));
    await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
    await page.getByTestId('video-notice-chapter-gap').waitFor({ timeout: 30_000 });
    const notice = (await page.getByTestId('video-notice-chapter-gap').textContent()) ?? '';
    expect(notice).toContain('GX020043.MP4');
    expect(notice).toContain('GX030043.MP4');
    expect(notice).toContain('Falta um capítulo');
    // Each notice names its video, as the pick added two.
    expect(notice.startsWith('GX010043.MP4: ')).toBe(true);
    await expect.poll(async () => (await videoRows(page)).map((r) => r.fileName).sort()).toEqual(['GX010043.MP4', 'phone.mp4']);
    await videoSettled(page);
    // The recording is shown first; the phone's video is one pick away.
    expect(await page.getByTestId('video-shown').inputValue()).toBe('GX010043.MP4');
    await page.getByTestId('video-shown').click();
    await page.getByRole('option', { name: 'phone.mp4', exact: true }).click({ force: true });
    await expect.poll(() => page.getByTestId('video-shown').inputValue()).toBe('phone.mp4');
    await page.getByTestId('video-element').waitFor();
    await videoSettled(page);
    await scrubTo(page, 100, FPS, 5100);
    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    await panelShot(page, 'video-chapters-phone-pt-pt');
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

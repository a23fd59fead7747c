/**
 * A phone's video with a variable frame rate (60 fps, then 24 fps, each second in turn; every frame carries its
 * number in its pixels), recorded on another day than the session, added to the real Rustavi session in Chromium
 * against the built app (after a damaged file of the same kind of name, refused with nothing kept): the racer is told
 * both (and the video is left unsynced, not synced wrong); the frame steps go
 * exactly one of the file's own frames each way (an average rate would skip some frames and show others twice),
 * and a second's step is a second of the video, however many frames it holds. A second recording added beside it
 * is the one shown, and the racer switches back to the first. Screenshots of the panel with the
 * notice at 390x844 in pt-pt (tests/.artifacts/video-variable-rate-*.png).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { activeRustaviSession } from './session-import';
import { frameInPixels, makeNumberedVideo, makeVariableRateVideo, variableRateFrameStartS, videoSettled } from './video-frames';

let e2e: E2E;
let video: Buffer;
let second: Buffer;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-vfr-'));
  const path = join(workDir, 'phone.mp4');
  makeVariableRateVideo(path, 600, '2019-03-02T10:00:00Z');
  video = readFileSync(path);
  makeNumberedVideo(join(workDir, 'second.mp4'), 10, 25);
  second = readFileSync(join(workDir, 'second.mp4'));
  e2e = await startE2E();
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Shows frame k as scrubbing would, at the middle of its own duration. */
async function scrubTo(page: Page, k: number): Promise<void> {
  const at = (variableRateFrameStartS(k) + variableRateFrameStartS(k + 1)) / 2;
  await page.evaluate((t) => {
    (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime = t;
  }, at);
  await videoSettled(page);
  await expect.poll(() => frameInPixels(page)).toBe(k);
}

async function pressAndRead(page: Page, testId: string): Promise<number> {
  await page.getByTestId(testId).click();
  await videoSettled(page);
  // The frame shown once the seek has landed (the next paint may lag the element's state by a frame).
  let last = -1;
  await expect
    .poll(async () => {
      const a = await frameInPixels(page);
      const same = a === last;
      last = a;
      return same;
    })
    .toBe(true);
  return last;
}

describe('a phone video with a variable frame rate', () => {
  it('after a damaged file refused with nothing kept, is left unsynced as it is from another day, and steps exactly one of its own frames each way, and a second by time (pt-pt, 390x844)', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await activeRustaviSession(e2e, page, 'pt-pt');
    await page.goto(e2e.url('/sessions/analysis'));
    await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
    await page.getByTestId('video-add').click();
    // First a damaged file of the right name: said so in Portuguese, nothing kept, the panel still offers to add one.
    await page.getByTestId('video-file').setInputFiles({ name: 'VID_20260704_085900.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(200_000, 7) });
    await expect.poll(() => page.getByTestId('video-error').textContent(), { timeout: 30_000 }).toContain('não é um vídeo que este navegador consiga reproduzir');
    expect(await page.getByTestId('video-element').count()).toBe(0);
    const storedVideos = () =>
      page.evaluate(async () => {
        const names: string[] = [];
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('videos').catch(() => null);
        if (folder) for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
        return names;
      });
    expect(await storedVideos()).toEqual([]);
    await page.getByTestId('video-file').setInputFiles({ name: 'VID_20260704_090312.mp4', mimeType: 'video/mp4', buffer: video });
    await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('video-notice-vfr').textContent()).toContain('ritmo variável');
    expect(await page.getByTestId('video-notice-no-overlap').textContent()).toContain('não coincide com esta sessão');
    expect(await page.getByTestId('video-sync').textContent()).toContain('Não sincronizado');
    // The file's own frame times are read from its index once the video is open.
    await page.locator('[data-frame-clock=table]').waitFor({ timeout: 30_000 });
    expect(await storedVideos()).toHaveLength(1);
    expect(await page.getByTestId('video-error').count()).toBe(0);
    await videoSettled(page);

    // Across the change from 60 fps to 24 fps and back, one frame at a time.
    await scrubTo(page, 55);
    for (let k = 56; k <= 88; k++) expect(await pressAndRead(page, 'video-fwd-1f')).toBe(k);
    for (let k = 87; k >= 80; k--) expect(await pressAndRead(page, 'video-back-1f')).toBe(k);
    // A second on from frame 80 (1.833 s) is 2.844 s: frame 84 + 50 = 134 (the 60 fps part after 2 s).
    const fromS = (variableRateFrameStartS(80) + variableRateFrameStartS(81)) / 2;
    let expected = 0;
    while (variableRateFrameStartS(expected + 1) <= fromS + 1) expected++;
    expect(await pressAndRead(page, 'video-fwd-1s')).toBe(expected);
    expect(await pressAndRead(page, 'video-back-1s')).toBe(80);

    // A second recording of the session, added beside the first: it is the one shown, and the racer can switch back.
    await page.getByTestId('video-file-more').setInputFiles({ name: 'GX010077.MP4', mimeType: 'video/mp4', buffer: second });
    await page.getByTestId('video-shown').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('video-shown').inputValue()).toBe('GX010077.MP4');
    await videoSettled(page);
    expect(await page.locator('[data-frame-clock]').getAttribute('data-frame-clock')).toBe('constant');
    expect(await storedVideos()).toHaveLength(2);
    await page.getByTestId('video-shown').click();
    await page.getByRole('option', { name: 'VID_20260704_090312.mp4' }).click({ force: true });
    await page.locator('[data-frame-clock=table]').waitFor({ timeout: 30_000 });
    await videoSettled(page);

    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    const file = await e2e.screenshot(page, 'video-variable-rate-phone-pt-pt');
    await page.getByTestId('video-panel').screenshot({ path: file, style: '.mantine-AppShell-header { visibility: hidden; }' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

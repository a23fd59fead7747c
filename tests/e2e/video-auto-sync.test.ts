/**
 * Automatic sync of an on-board video in Chromium against the built app and a real server: a synthetic video made
 * by ffmpeg whose frames carry their own number (15 white/black blocks along the top, bit b at x = 4 + 21b), with
 * a GoPro-like telemetry track the test writes (one GPMF payload a second: GPSU 300 ms stale, 18 Hz GPS5 fixes
 * whose speed is the real Rustavi session's at the moment the frame shows), added to that session once imported.
 * The app syncs it by itself (GPS time, then the speed match in the worker); lap 3 picked and 'play lap 3' land
 * on the frame that shows lap 3's start (read off the pixels, within one frame). Again with the network cut after
 * a reload. And a minute of the same numbered frames as WebM (no index that gives its frame rate): the app measures
 * the rate, so a second's step is 25 frames, and says the video is shorter than the session (in Portuguese).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledByServiceWorker, startE2E, unexpectedErrors, type E2E } from './harness';
import { activeRustaviSession } from './session-import';
import { frameInPixels, lapStarts, makeNumberedVideo, videoSettled, lapOption } from './video-frames';
import { addGpmdTrack, cameraGpsPayloads } from '../unit/domain/gpmf/mp4-gpmf-writer';

let e2e: E2E;
let video: Buffer;
let webm: Buffer;
let workDir: string;

/** The truth the video is made with: frame k shows session time k x 40 ms + OFFSET_MS. */
const FPS = 25;
const OFFSET_MS = -5_000;
const SECONDS = 900;

/** The Rustavi session's fixes as the test reads them: UTC (epoch ms) and speed (km/h), from the VBO itself. */
function rustaviFixes(): { utcMs: number[]; speedKmh: number[] } {
  const text = readFileSync(new URL('../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');
  const [, day, month, year] = /UTC Date Started: (\d\d)\/(\d\d)\/(\d{4})/.exec(text)!;
  const utcMs: number[] = [];
  const speedKmh: number[] = [];
  for (const line of text.slice(text.indexOf('[data]') + 6).split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 5) continue;
    const [h, m, s] = [Number(f[1].slice(0, 2)), Number(f[1].slice(2, 4)), Number(f[1].slice(4))];
    utcMs.push(Date.UTC(Number(year), Number(month) - 1, Number(day), h, m) + s * 1000);
    speedKmh.push(Number(f[4]));
  }
  return { utcMs, speedKmh };
}

/** The session's speed at a session time (ms from its first fix), held at the ends. */
function speedAt(fixes: { utcMs: number[]; speedKmh: number[] }, sessionMs: number): number {
  const t = fixes.utcMs[0] + sessionMs;
  let lo = 0;
  let hi = fixes.utcMs.length - 1;
  if (t <= fixes.utcMs[lo]) return fixes.speedKmh[lo];
  if (t >= fixes.utcMs[hi]) return fixes.speedKmh[hi];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fixes.utcMs[mid] <= t) lo = mid;
    else hi = mid;
  }
  const f = (t - fixes.utcMs[lo]) / (fixes.utcMs[hi] - fixes.utcMs[lo]);
  return fixes.speedKmh[lo] + f * (fixes.speedKmh[hi] - fixes.speedKmh[lo]);
}

/** ffmpeg's numbered frames (its index after the media, so a track can be added), then the telemetry track. */
function makeVideo(path: string): Buffer {
  makeNumberedVideo(path, SECONDS, FPS, { faststart: false });
  const fixes = rustaviFixes();
  const payloads = cameraGpsPayloads({
    seconds: SECONDS,
    utcAt: (v) => fixes.utcMs[0] + OFFSET_MS + v * 1000,
    speedAt: (v) => speedAt(fixes, OFFSET_MS + v * 1000),
    gpsuErrorMs: 300,
  });
  return Buffer.from(addGpmdTrack(new Uint8Array(readFileSync(path)), payloads));
}

/** A minute of numbered frames as VP8 WebM (no index with a frame rate: the app measures it). */
function makeWebm(path: string): Buffer {
  makeNumberedVideo(path, 60, FPS, { codec: 'vp8' });
  return readFileSync(path);
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-video-gpmf-'));
  video = makeVideo(join(workDir, 'onboard.mp4'));
  webm = makeWebm(join(workDir, 'phone.webm'));
  e2e = await startE2E({ serviceWorker: true });
}, 240_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const truthFrame = (sessionMs: number) => Math.floor((sessionMs - OFFSET_MS) / (1000 / FPS));
const settled = (page: Page) => videoSettled(page);

/** Waits until the frame shown is within one frame of `frame`; returns the frame shown. */
async function expectNear(page: Page, frame: number): Promise<number> {
  await expect.poll(async () => Math.abs((await frameInPixels(page)) - frame)).toBeLessThanOrEqual(1);
  return frameInPixels(page);
}

describe('on-board video synced from its GoPro telemetry', () => {
  it('syncs by itself, shows and plays lap 3 on the right frame, offline after a reload', async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await activeRustaviSession(e2e, page, 'en-us');
    await page.goto(e2e.url('/sessions/analysis'));
    await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
    await page.getByTestId('video-add').click();
    await page.getByTestId('video-file').setInputFiles({ name: 'GX010001.MP4', mimeType: 'video/mp4', buffer: video });
    await page.getByTestId('video-element').waitFor({ timeout: 90_000 });
    await settled(page);
    expect(await page.getByTestId('video-sync').textContent()).toContain('Synced from the camera’s GPS');
    const starts = await lapStarts(page);
    expect(starts.has(3)).toBe(true);
    const lap3 = truthFrame(starts.get(3)!);

    // Lap 3 picked in the lap table: the frame that shows its start, within one frame.
    await page.getByTestId('lap-table-L').getByText('Lap 3', { exact: true }).click();
    await settled(page);
    await expectNear(page, lap3);
    await expect.poll(() => page.getByTestId('video-overlay').getAttribute('data-lap')).toBe('3');

    // 'Play lap 3' from elsewhere: starts on the lap's first frame and plays on within the lap.
    await page.evaluate(() => {
      (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime = 4;
    });
    await settled(page);
    await page.getByTestId('video-lap').click();
    await page.getByRole('option', { name: lapOption(3) }).click();
    await page.getByTestId('video-play-lap').click();
    await page.waitForFunction(() => !(document.querySelector('[data-testid=video-element]') as HTMLVideoElement).paused);
    await page.getByTestId('video-play').click();
    await settled(page);
    const played = await frameInPixels(page);
    expect(played).toBeGreaterThanOrEqual(lap3 - 1);
    expect(played).toBeLessThan(truthFrame(starts.get(4) ?? Infinity));

    // No network, a reload: the sync is kept and lap 3 still lands on its frame.
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('video-element').waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await page.getByTestId('video-sync').textContent()).toContain('Synced from the camera’s GPS');
    await page.getByTestId('lap-table-L').getByText('Lap 3', { exact: true }).click();
    await settled(page);
    await expectNear(page, lap3);
    await context.setOffline(false);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });

  it('measures a WebM’s frame rate, so frame and second steps land on the right frames, and says it is shorter than the session', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await activeRustaviSession(e2e, page, 'pt-pt');
    await page.goto(e2e.url('/sessions/analysis'));
    await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
    await page.getByTestId('video-add').click();
    await page.getByTestId('video-file').setInputFiles({ name: 'phone.webm', mimeType: 'video/webm', buffer: webm });
    await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
    await settled(page);
    await expect.poll(() => page.getByTestId('video-notice-shorter').textContent()).toContain('mais curto do que a sessão');
    await page.evaluate(() => {
      (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime = 100.5 / 25;
    });
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(100);
    // At the measured 25 fps one second is 25 frames (taken as 30 fps it would be 30).
    await page.getByTestId('video-fwd-1s').click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(125);
    await page.getByTestId('video-fwd-1f').click();
    await settled(page);
    await expect.poll(() => frameInPixels(page)).toBe(126);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

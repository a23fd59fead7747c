/**
 * Exporting the on-board video with the overlay, in Chromium against the built app and a real server, with the
 * network cut: a synthetic video made by ffmpeg (frames carrying their own number as 15 white/black blocks across
 * the middle of the frame, where no gauge sits, and an AAC tone) is added to the real Rustavi session, synced by hand
 * with two start/finish marks, and laps 2-3 exported. The downloaded MP4 is read back with ffprobe/ffmpeg: its
 * duration and frame count are the laps', its first frame and the frame at lap 3's start carry the expected frame
 * numbers, the gauges' pixels are there and the audio track was kept. Then a whole-session export waits behind
 * another (queue), shows its percentage in the tab title, and is cancelled mid-way: nothing of it is left in the
 * private file system. The dialog is also opened on a phone in Portuguese, for its screenshots. An HEVC video (this
 * Chromium cannot decode it) is refused when added, with nothing stored; an export onto a full disk fails with the
 * quota message and leaves nothing behind.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledByServiceWorker, startE2E, unexpectedErrors, type E2E } from './harness';
import { activeRustaviSession } from './session-import';
import { ffmpegVideo, frameInPixels, lapStarts, videoSettled, lapOption } from './video-frames';

let e2e: E2E;
let videoPath: string;
let workDir: string;

/** The truth the video is made with: frame k shows session time k x 40 ms + OFFSET_MS. */
const FPS = 25;
const OFFSET_MS = -5_000;
const BITS = 15;
const WIDTH = 320;
const HEIGHT = 180;
/** The blocks' row: across the middle, clear of every gauge of the landscape layout. */
const BIT_Y = 78;

/** The test's video: H.264 (default) or HEVC as newer phones record (tagged hvc1, as Apple's are). */
function makeVideo(path: string, seconds: number, codec: 'h264' | 'hevc' = 'h264'): void {
  const boxes = Array.from({ length: BITS }, (_, b) => `drawbox=x=${4 + b * 21}:y=${BIT_Y}:w=18:h=20:color=white:t=fill:enable='eq(mod(floor(n/${2 ** b}),2),1)'`).join(',');
  const video = codec === 'hevc' ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'] : ['-c:v', 'libx264', '-preset', 'ultrafast'];
  ffmpegVideo(path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x203040:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds}`, '-f', 'lavfi', '-i', `sine=f=440:sample_rate=48000:d=${seconds}`, '-vf', boxes, ...video, '-pix_fmt', 'yuv420p', '-g', String(FPS), '-c:a', 'aac', '-b:a', '96k', '-shortest', '-movflags', '+faststart']);
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'astro-export-'));
  videoPath = join(workDir, 'GX010001.MP4');
  makeVideo(videoPath, 900);
  e2e = await startE2E({ serviceWorker: true });
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The frame number painted into an RGB24 frame. */
function frameNumberOf(rgb: Buffer): number {
  let n = 0;
  for (let b = 0; b < BITS; b++) {
    const i = ((BIT_Y + 10) * WIDTH + 4 + b * 21 + 9) * 3;
    if ((rgb[i] + rgb[i + 1] + rgb[i + 2]) / 3 > 128) n |= 1 << b;
  }
  return n;
}

/** Frame `index` (from 0, in presentation order) of a file, as RGB24. */
function frameOf(file: string, index: number): Buffer {
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-vf', `select=eq(n\\,${index})`, '-vsync', '0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
}

function probe(file: string): { streams: { codec_type: string; codec_name: string; width?: number; height?: number; nb_read_frames?: string }[]; format: { duration: string } } {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,codec_name,width,height,nb_read_frames:format=duration', '-of', 'json', file]).toString('utf8'));
}

const truthFrame = (sessionMs: number) => Math.floor((sessionMs - OFFSET_MS) / (1000 / FPS));
const settled = (page: Page) => videoSettled(page);

async function scrubTo(page: Page, frame: number): Promise<void> {
  await page.evaluate(([f, fps]) => {
    (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime = (f + 0.5) / fps;
  }, [frame, FPS] as const);
  await settled(page);
}

/** Clicks a panel button (a sticky header or a notification may lie over it in a short viewport). */
async function press(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).dispatchEvent('click');
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A new racer's Rustavi session on the analysis screen with the test's video added; returns the lap starts. */
async function analysisWithVideo(page: Page, locale: 'en-us' | 'pt-pt'): Promise<Map<number, number>> {
  await activeRustaviSession(e2e, page, locale);
  await page.goto(e2e.url('/sessions/analysis'));
  await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
  await press(page, 'video-add');
  await page.getByTestId('video-file').setInputFiles(videoPath);
  await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
  await settled(page);
  return lapStarts(page);
}

/** Names of the files in the private file system's exports folder. */
function exportFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('exports', { create: true });
    const names: string[] = [];
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    return names.sort();
  });
}

/** Names and sizes (bytes) of the racer's stored videos in the private file system. */
function storedVideos(page: Page): Promise<[string, number][]> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('videos', { create: true });
    const out: [string, number][] = [];
    for await (const [name, handle] of (folder as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }).entries()) out.push([name, (await handle.getFile()).size]);
    return out.sort();
  });
}

/** The frame number the player's <video> shows, read off its pixels (the blocks' row, across the frame's middle). */
function shownFrame(page: Page): Promise<number> {
  return frameInPixels(page, 'video-element', BIT_Y + 10);
}

/** Chooses a lap in the player and marks it at the frame shown: a one-mark sync. */
async function markLap(page: Page, lap: number): Promise<void> {
  await page.getByTestId('video-lap').click();
  await page.getByRole('option', { name: lapOption(lap) }).click();
  await press(page, 'video-mark');
}

/** Fills the file system `dir` is on with a file of zeros until `leaveBytes` are left free; returns the file. */
function fillDisk(dir: string, leaveBytes: number): string {
  const file = join(dir, 'filler');
  const { bavail, bsize } = statfsSync(dir);
  const size = bavail * bsize - leaveBytes;
  const block = Buffer.alloc(1 << 20);
  const fd = openSync(file, 'w');
  try {
    for (let written = 0; written < size; ) written += writeSync(fd, block, 0, Math.min(block.length, size - written));
  } finally {
    closeSync(fd);
  }
  return file;
}

describe('on-board video export', () => {
  it('exports laps 2-3 with the overlay as an MP4 offline, and a cancelled export leaves nothing behind (en-us)', async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const starts = await analysisWithVideo(page, 'en-us');
    expect(starts.has(4)).toBe(true);
    // Export needs a sync: the button waits for it.
    expect(await page.getByTestId('video-export').isDisabled()).toBe(true);
    for (const lap of [1, 2]) {
      await scrubTo(page, truthFrame(starts.get(lap)!));
      await page.getByTestId('video-lap').click();
      await page.getByRole('option', { name: lapOption(lap) }).click();
      await press(page, 'video-mark');
    }
    await expect.poll(() => page.getByTestId('video-sync').textContent()).toContain('2 marks');

    // The network goes; the app, the export chunk and its worker come from the service worker's precache.
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('video-element').waitFor({ timeout: 30_000 });

    await press(page, 'video-export');
    await page.getByTestId('export-start').waitFor({ timeout: 30_000 });
    await pick(page, 'export-from', '2');
    await pick(page, 'export-to', '3');
    await e2e.screenshot(page, 'video-export-dialog-tablet-en-us');
    await page.setViewportSize({ width: 390, height: 844 });
    await e2e.screenshot(page, 'video-export-dialog-phone-en-us');
    await page.setViewportSize({ width: 1280, height: 800 });
    const downloading = page.waitForEvent('download', { timeout: 600_000 });
    await page.getByTestId('export-start').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/ - laps 2-3\.mp4$/);
    const file = join(workDir, 'export.mp4');
    await download.saveAs(file);
    await expect.poll(() => page.getByTestId('export-done').count()).toBe(1);
    await e2e.screenshot(page, 'video-export-done-tablet-en-us');

    // Read back: frames, duration, audio, the frame numbers and the gauges.
    const info = probe(file);
    const v = info.streams.find((s) => s.codec_type === 'video')!;
    expect(v.codec_name).toBe('h264');
    expect([v.width, v.height]).toEqual([WIDTH, HEIGHT]);
    expect(info.streams.some((s) => s.codec_type === 'audio' && s.codec_name === 'aac')).toBe(true);
    const first = truthFrame(starts.get(2)!);
    const expectedFrames = truthFrame(starts.get(4)!) - first;
    expect(Math.abs(Number(v.nb_read_frames) - expectedFrames)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(info.format.duration) - expectedFrames / FPS)).toBeLessThan(0.2);
    const frame0 = frameOf(file, 0);
    expect(frameNumberOf(frame0)).toBe(first);
    expect(frameNumberOf(frameOf(file, truthFrame(starts.get(3)!) - first))).toBe(truthFrame(starts.get(3)!));
    // The lap timer's box (top left): the plain background there is 0x203040; the gauge darkens it and writes white.
    let bright = 0;
    let changed = 0;
    for (let y = 8; y < 32; y++)
      for (let x = 8; x < 100; x++) {
        const i = (y * WIDTH + x) * 3;
        if (frame0[i] > 200 && frame0[i + 1] > 200 && frame0[i + 2] > 200) bright++;
        if (Math.abs(frame0[i] - 0x20) + Math.abs(frame0[i + 1] - 0x30) + Math.abs(frame0[i + 2] - 0x40) > 24) changed++;
      }
    expect(bright).toBeGreaterThan(20);
    expect(changed).toBeGreaterThan(500);

    // A whole-session export, and a second one queued behind it; the queued one is cancelled, then the running one.
    const before = await exportFiles(page);
    expect(before.length).toBe(1);
    await press(page, 'video-export');
    await page.getByTestId('export-range').getByText('Whole session').click();
    await page.getByTestId('export-start').click();
    await press(page, 'video-export');
    // The running export's progress re-lays the dialog out as it goes: the button is pressed where it is.
    await expect.poll(() => page.getByTestId('export-start').isEnabled()).toBe(true);
    await press(page, 'export-start');
    const items = page.getByTestId('export-item');
    await expect.poll(() => items.nth(1).getAttribute('data-state')).toBe('running');
    expect(await items.nth(2).getAttribute('data-state')).toBe('queued');
    await items.nth(2).getByTestId('export-cancel').click();
    await expect.poll(() => items.nth(2).getAttribute('data-state')).toBe('cancelled');
    await expect.poll(async () => Number(await page.getByTestId('export-progress').getAttribute('data-fraction')), { timeout: 120_000 }).toBeGreaterThan(0.01);
    await expect.poll(() => page.title()).toMatch(/^\d+\s?% · /);
    await e2e.screenshot(page, 'video-export-running-tablet-en-us');
    await items.nth(1).getByTestId('export-cancel').click();
    await expect.poll(() => items.nth(1).getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled');
    expect(await items.nth(1).textContent()).toContain('Nothing was kept');
    await expect.poll(() => exportFiles(page)).toEqual(before);
    expect(await page.title()).not.toMatch(/%/);
    await context.setOffline(false);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });

  it('opens the export dialog on a phone in Portuguese (390x844, then 1280x800)', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const starts = await analysisWithVideo(page, 'pt-pt');
    await scrubTo(page, truthFrame(starts.get(2)!));
    await page.getByTestId('video-lap').click();
    await page.getByRole('option', { name: lapOption(2) }).click();
    await press(page, 'video-mark');
    await expect.poll(() => page.getByTestId('video-sync').textContent()).toContain('1 marca');

    await press(page, 'video-export');
    await page.getByTestId('export-start').waitFor({ timeout: 30_000 });
    await pick(page, 'export-from', '2');
    await pick(page, 'export-to', '3');
    const dialog = page.getByTestId('export-dialog');
    expect(await dialog.textContent()).toContain('Exportar o vídeo com a sobreposição');
    expect(await page.getByTestId('export-start').textContent()).toBe('Exportar');
    // The dialog fits the phone's width: nothing in it scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await e2e.screenshot(page, 'video-export-dialog-phone-pt-pt');
    await page.setViewportSize({ width: 1280, height: 800 });
    await e2e.screenshot(page, 'video-export-dialog-tablet-pt-pt');

    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
  it('refuses an HEVC video this browser cannot decode when it is added, naming the formats that work, with nothing stored and the session kept (en-us, then pt-pt on a phone)', async () => {
    const hevcPath = join(workDir, 'IMG_0042.MP4');
    makeVideo(hevcPath, 20, 'hevc');
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await activeRustaviSession(e2e, page, 'en-us');
    await page.goto(e2e.url('/sessions/analysis'));
    const laps = page.getByTestId('lap-table-L');
    await laps.waitFor({ timeout: 30_000 });
    const lapsBefore = await laps.textContent();
    await press(page, 'video-add');
    await page.getByTestId('video-file').setInputFiles(hevcPath);
    const error = page.getByTestId('video-error');
    await expect.poll(() => error.textContent(), { timeout: 60_000 }).toContain('cannot play this video’s format (hvc1');
    const message = (await error.textContent()) ?? '';
    expect(message).toContain('so it was not added');
    for (const format of ['H.264', 'VP9', 'AV1']) expect(message).toContain(format);
    expect(await page.getByTestId('video-element').count()).toBe(0);
    expect(await storedVideos(page)).toEqual([]);
    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('video-panel').screenshot({ path: await e2e.screenshot(page, 'video-hevc-refused-tablet-en-us'), style: '.mantine-AppShell-header { visibility: hidden; }' });

    // In Portuguese on a phone: the same refusal, the session as it was.
    await page.evaluate(() => localStorage.setItem('locale', 'pt-pt'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await laps.waitFor({ timeout: 30_000 });
    await press(page, 'video-add');
    await page.getByTestId('video-file').setInputFiles(hevcPath);
    await expect.poll(() => error.textContent(), { timeout: 60_000 }).toContain('não consegue reproduzir o formato deste vídeo (hvc1');
    expect(await error.textContent()).toContain('não foi adicionado');
    expect(await storedVideos(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('video-panel').screenshot({ path: await e2e.screenshot(page, 'video-hevc-refused-phone-pt-pt'), style: '.mantine-AppShell-header { visibility: hidden; }' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.setItem('locale', 'en-us'));
    await page.reload();
    await laps.waitFor({ timeout: 30_000 });
    expect(await laps.textContent()).toBe(lapsBefore);
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
  it('refuses a video added onto a full disk, and fails an export that fills the disk, each with the quota message, nothing partial kept and the session and its video untouched (en-us)', async (ctx) => {
    // The browser's profile on a small file system of its own (tmpfs, as root), so the private file system is on a
    // disk that really fills up: a quota override or an off-the-record context (storage in memory) does not make
    // the sync access handle's write fail as a full device does. Where mounting is not allowed (not root, or a
    // container without the right), the test says so and is skipped: it cannot be made faithful there.
    const disk = mkdtempSync(join(tmpdir(), 'astro-small-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', disk], { stdio: 'pipe' });
    } catch (e) {
      rmSync(disk, { recursive: true, force: true });
      console.warn(`video-export full-disk test skipped: cannot mount a small tmpfs here (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
      ctx.skip();
      return;
    }
    try {
      const { page, context, errors } = await e2e.newPage({ profileDir: join(disk, 'profile'), viewport: { width: 1280, height: 800 } });
      await activeRustaviSession(e2e, page, 'en-us');
      await page.goto(e2e.url('/sessions/analysis'));
      await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });

      // Adding the video onto a full disk: the quota message, nothing of the copy kept, the session untouched.
      const lapsAtFirst = await page.getByTestId('lap-table-L').textContent();
      const noRoom = fillDisk(disk, 1024 * 1024);
      await press(page, 'video-add');
      await page.getByTestId('video-file').setInputFiles(videoPath);
      await expect.poll(() => page.getByTestId('video-error').textContent(), { timeout: 60_000 }).toContain('Not enough free space on this device for this video. Nothing was kept');
      expect(await storedVideos(page)).toEqual([]);
      expect(await page.getByTestId('video-element').count()).toBe(0);
      expect(await page.getByTestId('lap-table-L').textContent()).toBe(lapsAtFirst);
      rmSync(noRoom);

      // Space freed: the same file is added.
      await page.getByTestId('video-file').setInputFiles(videoPath);
      await page.getByTestId('video-element').waitFor({ timeout: 60_000 });
      await settled(page);
      const starts = await lapStarts(page);
      await scrubTo(page, truthFrame(starts.get(2)!));
      await markLap(page, 2);
      await expect.poll(() => page.getByTestId('video-sync').textContent()).toContain('1 mark');
      const laps = await page.getByTestId('lap-table-L').textContent();
      const videos = await storedVideos(page);
      expect(videos.length).toBe(1);

      // 1 MB left: less than the first 4 MB chunk the export writes. Chromium's room check may pass or throw
      // QuotaExceededError; where it passes, the disk itself refuses and the write comes back short.
      const filler = fillDisk(disk, 1024 * 1024);
      await press(page, 'video-export');
      await page.getByTestId('export-start').waitFor({ timeout: 30_000 });
      await pick(page, 'export-from', '2');
      await pick(page, 'export-to', '3');
      await page.getByTestId('export-start').click();
      const item = page.getByTestId('export-item').last();
      await expect.poll(() => item.getAttribute('data-state'), { timeout: 240_000 }).toBe('failed');
      const error = item.getByTestId('export-error');
      expect(await error.getAttribute('data-code')).toBe('quota');
      expect(await error.textContent()).toContain('The device ran out of storage space while writing the video. The partial file was removed and your data is untouched');
      await e2e.screenshot(page, 'video-export-quota-tablet-en-us');
      expect(await exportFiles(page)).toEqual([]);
      expect(await storedVideos(page)).toEqual(videos);

      // Space freed: the session, its sync and its video are as they were, and the video still plays its frames.
      rmSync(filler);
      await page.reload();
      await page.getByTestId('lap-table-L').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('lap-table-L').textContent()).toBe(laps);
      await page.getByTestId('video-element').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('video-sync').textContent()).toContain('1 mark');
      await scrubTo(page, truthFrame(starts.get(3)!));
      // The picture may follow the settled state by a moment.
      await expect.poll(() => shownFrame(page)).toBe(truthFrame(starts.get(3)!));
      await context.close();
      expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
    } finally {
      execFileSync('umount', ['-l', disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  }, 480_000);
});

/**
 * Synthetic on-board videos for the e2e tests: made by ffmpeg, each frame carries its own number (15 white/black
 * blocks along the top, bit b at x = 4 + 21b), which a test reads back off the <video>'s pixels.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const FRAME_BITS = 15;

let ffmpegVersion: string | undefined;

/**
 * Makes the video `path` with ffmpeg (`args`: all but the output file), through a cache in the temp folder keyed by
 * the arguments, the file type and ffmpeg's version: a video several test files use (the 900 s ones take ffmpeg
 * about 8 CPU seconds each), or the next run, is made once and copied. Written under a private name, then renamed:
 * two files making the same video at once never read half of it.
 */
export function ffmpegVideo(path: string, args: readonly string[]): void {
  ffmpegVersion ??= execFileSync('ffmpeg', ['-hide_banner', '-version']).toString('utf8').split('\n')[0];
  const ext = extname(path).toLowerCase();
  const key = createHash('sha256').update(ffmpegVersion).update(JSON.stringify([ext, ...args])).digest('hex').slice(0, 20);
  const dir = join(tmpdir(), 'astro-e2e-videos');
  const cached = join(dir, `${key}${ext}`);
  if (!existsSync(cached)) {
    mkdirSync(dir, { recursive: true });
    // ffmpeg picks the container by the output's extension: the private name keeps it.
    const partial = join(dir, `${key}.${randomBytes(4).toString('hex')}${ext}`);
    execFileSync('ffmpeg', [...args, partial]);
    renameSync(partial, cached);
  }
  copyFileSync(cached, path);
}

/**
 * A 320x180 video of `seconds` at `fps`, each frame showing its number: H.264 MP4 with its index first (default),
 * H.264 MP4 with its index after the media (`faststart: false`, so a track can be appended), or VP8 WebM.
 * `firstFrame` numbers the frames from there (a GoPro's later chapter goes on from the one before); `audio` adds
 * an AAC tone, as a camera records sound; `bframes` encodes with B-frames (its picture then starts after its
 * first decode time, which its edit list takes back, as many cameras' files do).
 */
export function makeNumberedVideo(path: string, seconds: number, fps: number, options: { codec?: 'h264' | 'vp8'; faststart?: boolean; firstFrame?: number; audio?: boolean; bframes?: boolean } = {}): void {
  const first = options.firstFrame ?? 0;
  const boxes = Array.from({ length: FRAME_BITS }, (_, b) => `drawbox=x=${4 + b * 21}:y=8:w=18:h=20:color=white:t=fill:enable='eq(mod(floor((n+${first})/${2 ** b}),2),1)'`).join(',');
  const codec =
    options.codec === 'vp8'
      ? ['-c:v', 'libvpx', '-b:v', '400k']
      : ['-c:v', 'libx264', '-preset', options.bframes ? 'medium' : 'ultrafast', ...(options.bframes ? ['-bf', '2'] : []), '-pix_fmt', 'yuv420p', ...(options.faststart === false ? [] : ['-movflags', '+faststart'])];
  const audio = options.audio ? { input: ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`], codec: ['-c:a', 'aac', '-b:a', '64k'] } : { input: [], codec: [] };
  ffmpegVideo(path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x203040:s=320x180:r=${fps}:d=${seconds}`, ...audio.input, '-vf', boxes, ...codec, ...audio.codec, '-g', String(fps)]);
}

/**
 * A 320x180 H.264 MP4 with a phone's variable frame rate, each frame showing its number: in every 2 s, 60 frames
 * of 1/60 s then 24 frames of 1/24 s (timescale 600, so every time is exact); variableRateFrameStartS gives frame
 * k's start. `createdAt` (ISO) is written as the file's creation time.
 */
export function makeVariableRateVideo(path: string, frames: number, createdAt?: string): void {
  const boxes = Array.from({ length: FRAME_BITS }, (_, b) => `drawbox=x=${4 + b * 21}:y=8:w=18:h=20:color=white:t=fill:enable='eq(mod(floor(n/${2 ** b}),2),1)'`).join(',');
  const pts = `floor(N/84)*1200+if(lt(mod(N,84),60),mod(N,84)*10,600+(mod(N,84)-60)*25)`;
  ffmpegVideo(path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x203040:s=320x180:r=60:d=${frames / 60}`, '-vf', `${boxes},settb=1/600,setpts='${pts}'`, '-fps_mode', 'passthrough', '-enc_time_base:v', '1:600', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-video_track_timescale', '600', '-movflags', '+faststart', ...(createdAt ? ['-metadata', `creation_time=${createdAt}`] : [])]);
}

/** Where frame k of makeVariableRateVideo's video starts (seconds). */
export function variableRateFrameStartS(k: number): number {
  const m = k % 84;
  return Math.floor(k / 84) * 2 + (m < 60 ? m / 60 : 1 + (m - 60) / 24);
}

/** The analysis screen's lap starts (lap number to session ms) as the player publishes them for tests. */
export async function lapStarts(page: Page): Promise<Map<number, number>> {
  return new Map<number, number>(JSON.parse((await page.locator('[data-lap-starts]').getAttribute('data-lap-starts'))!) as [number, number][]);
}

/**
 * The frame number painted into the frame a <video> (by test id) shows, read from its pixels: the blocks' row at
 * `y` (the middle of blocks drawn at the top by makeNumberedVideo, by default).
 */
export function frameInPixels(page: Page, testId = 'video-element', y = 18): Promise<number> {
  return page.evaluate(
    ([id, bits, row]) => {
      const v = document.querySelector(`[data-testid=${id}]`) as HTMLVideoElement;
      const c = document.createElement('canvas');
      c.width = v.videoWidth;
      c.height = v.videoHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(v, 0, 0);
      let n = 0;
      for (let b = 0; b < bits; b++) {
        const [r, g, bl] = ctx.getImageData(4 + b * 21 + 9, row, 1, 1).data;
        if ((r + g + bl) / 3 > 128) n |= 1 << b;
      }
      return n;
    },
    [testId, FRAME_BITS, y] as const,
  );
}

/** Waits until a <video> (by test id) has its frame: not seeking, data for the current position. */
export function videoSettled(page: Page, testId = 'video-element'): Promise<unknown> {
  return page.waitForFunction((id) => {
    const v = document.querySelector(`[data-testid=${id}]`) as HTMLVideoElement | null;
    return v !== null && !v.seeking && v.readyState >= 2;
  }, testId);
}

/**
 * Puts the player's <video> on the middle of frame k of a `fps` video, as a racer scrubbing its time bar would, and
 * waits until its picture carries the number `shows` (k, unless the video's numbers do not start at 0): the picture
 * may follow the settled state by a moment.
 */
export async function scrubTo(page: Page, frame: number, fps: number, shows = frame): Promise<void> {
  await page.evaluate(([f, rate]) => {
    (document.querySelector('[data-testid=video-element]') as HTMLVideoElement).currentTime = (f + 0.5) / rate;
  }, [frame, fps] as const);
  await videoSettled(page);
  await expect.poll(() => frameInPixels(page)).toBe(shows);
}

/**
 * An MP4 with its movie creation time (the 'mvhd' box, whole seconds since 1904) set to `ms`, as a camera writes it:
 * the bytes patched in place, the picture untouched.
 */
export function withCreationTime(mp4: Buffer, ms: number): Buffer {
  const out = Buffer.from(mp4);
  const at = out.indexOf('mvhd', 0, 'latin1');
  if (at < 4) throw new Error('no mvhd box');
  const seconds = BigInt(Math.floor(ms / 1000)) + 2_082_844_800n;
  // Version 0 keeps 32-bit times after version and flags; version 1, 64-bit ones.
  if (out[at + 4] === 1) out.writeBigUInt64BE(seconds, at + 8);
  else out.writeUInt32BE(Number(seconds), at + 8);
  return out;
}

/** The video lap picker's option for a lap ('Lap 3 · 1:42.345 · on video', 'Volta de entrada 9 · …'), by its number. */
export function lapOption(lap: number): RegExp {
  return new RegExp(`^\\D*\\b${lap} · `);
}

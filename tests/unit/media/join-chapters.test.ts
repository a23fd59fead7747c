import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../../src/domain/file-reading/byte-source';
import { readMp4Index } from '../../../src/domain/file-reading/mp4-index';
import { readSourceTracks } from '../../../src/media/source-tracks';
import { joinChaptersToStorage } from '../../../src/media/join-chapters';
import { probeMp4 } from '../../../src/media/probe-video';
import { VideoError } from '../../../src/media/video-error';

/** A real GoPro MAX recording: HEVC picture, AAC sound, GPMF telemetry and timecode tracks. */
const FIXTURE = new Uint8Array(readFileSync(new URL('../../fixtures/real-logs/gopro-max-gpmf-18hz.mp4', import.meta.url)));

/** An in-memory OPFS folder taking positioned writes; `quotaBytes` makes writes past it fail as the browser does. */
function fakeFolder(quotaBytes = Infinity) {
  const files = new Map<string, Uint8Array>();
  let largestWrite = 0;
  const folder = {
    async getFileHandle(name: string) {
      files.set(name, new Uint8Array(0));
      return {
        async createWritable() {
          // Like the browser: writes go to a swap copy, committed on close.
          let swap = new Uint8Array(0);
          return {
            async write(chunk: { type: 'write'; position: number; data: Uint8Array }) {
              const end = chunk.position + chunk.data.byteLength;
              if (end > quotaBytes) throw new DOMException('quota', 'QuotaExceededError');
              largestWrite = Math.max(largestWrite, chunk.data.byteLength);
              if (end > swap.length) {
                const grown = new Uint8Array(end);
                grown.set(swap);
                swap = grown;
              }
              swap.set(chunk.data, chunk.position);
            },
            async close() {
              files.set(name, swap);
            },
            async abort() {},
          };
        },
      };
    },
    async removeEntry(name: string) {
      files.delete(name);
    },
  };
  return { folder: folder as unknown as FileSystemDirectoryHandle, files, largestWrite: () => largestWrite };
}

const chapter = (name: string, bytes: Uint8Array = FIXTURE) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'video/mp4' });

async function index(bytes: Uint8Array) {
  const found = await readMp4Index(bytesSource(bytes));
  if (!found) throw new Error('no index');
  return found;
}

describe('joining GoPro chapters into one stored video', () => {
  it('plays the chapters back to back: twice the frames and the length, the same packets, sound kept', async () => {
    const { folder, files, largestWrite } = fakeFolder();
    const progress: number[] = [];
    const chapters = [chapter('GS010042.MP4'), chapter('GS020042.MP4')];
    const joined = await joinChaptersToStorage(chapters, { folder, freeBytes: async () => null, onProgress: (done) => progress.push(done) });
    const bytes = files.get(joined.opfsName)!;
    expect(joined.opfsName).toMatch(/\.mp4$/);
    expect(bytes.length).toBe(joined.sizeBytes);

    const source = await index(FIXTURE);
    const out = await index(bytes);
    const sourceVideo = source.movie.videoTracks[0];
    const outVideo = out.movie.videoTracks[0];
    expect(outVideo.nb_samples).toBe(2 * sourceVideo.nb_samples);
    const sourceProbe = await probeMp4(bytesSource(FIXTURE));
    const outProbe = await probeMp4(bytesSource(bytes));
    expect(outProbe.durationS).toBeCloseTo(2 * sourceProbe.durationS, 2);
    expect(outProbe.fps).toBeCloseTo(sourceProbe.fps, 2);
    expect(outProbe.variableFrameRate).toBe(false);
    expect([outProbe.width, outProbe.height]).toEqual([sourceProbe.width, sourceProbe.height]);
    // The telemetry is not carried (it is read from the picked chapters); the sound is.
    expect(outProbe.hasGpmf).toBe(false);
    expect(out.movie.audioTracks).toHaveLength(1);

    // Packets copied, not re-encoded: the second chapter's 10th frame is byte for byte the source's 10th frame,
    // shown one chapter's length later.
    const sourceSamples = source.file.getTrackSamplesInfo(sourceVideo.id);
    const outSamples = out.file.getTrackSamplesInfo(outVideo.id);
    const s = sourceSamples[10];
    const o = outSamples[sourceSamples.length + 10];
    expect(bytes.subarray(o.offset, o.offset + o.size)).toEqual(FIXTURE.subarray(s.offset, s.offset + s.size));
    expect(o.is_sync).toBe(s.is_sync);
    expect(o.cts / o.timescale).toBeCloseTo(s.cts / s.timescale + sourceProbe.durationS, 3);

    // The export reads the joined file as one video: every frame of both chapters, and the sound.
    const tracks = await readSourceTracks(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    expect(tracks.video.samples).toHaveLength(2 * sourceVideo.nb_samples);
    expect(tracks.video.samples.at(-1)!.timestampUs / 1e6).toBeCloseTo(2 * sourceProbe.durationS - 1 / sourceProbe.fps, 2);
    expect(tracks.audio).not.toBeNull();

    // Progress runs up to the chapters' total size; the disk gets the muxer's 4 MiB pieces, never a whole file.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(2 * FIXTURE.length);
    expect(largestWrite()).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(largestWrite()).toBeLessThan(bytes.length);
  });

  it('refuses a chapter it cannot read before writing anything, naming it', async () => {
    const { folder, files } = fakeFolder();
    const broken = chapter('GS020042.MP4', FIXTURE.subarray(0, 1000));
    const error = await joinChaptersToStorage([chapter('GS010042.MP4'), broken], { folder, freeBytes: async () => null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoError);
    expect(error).toMatchObject({ code: 'chapter-unreadable', fileName: 'GS020042.MP4' });
    expect(files.size).toBe(0);
  });

  it('keeps nothing when the device runs out of space part way', async () => {
    const { folder, files } = fakeFolder(FIXTURE.length);
    await expect(joinChaptersToStorage([chapter('GS010042.MP4'), chapter('GS020042.MP4')], { folder, freeBytes: async () => null })).rejects.toMatchObject({ code: 'quota' });
    expect(files.size).toBe(0);
  });

  it('refuses at once when the free space is below the chapters’ size', async () => {
    const { folder, files } = fakeFolder();
    await expect(joinChaptersToStorage([chapter('GS010042.MP4'), chapter('GS020042.MP4')], { folder, freeBytes: async () => FIXTURE.length })).rejects.toMatchObject({ code: 'quota' });
    expect(files.size).toBe(0);
  });

  it('keeps nothing when the racer cancels part way', async () => {
    const { folder, files } = fakeFolder();
    const controller = new AbortController();
    const joining = joinChaptersToStorage([chapter('GS010042.MP4'), chapter('GS020042.MP4')], {
      folder,
      freeBytes: async () => null,
      signal: controller.signal,
      onProgress: (done) => {
        if (done > FIXTURE.length) controller.abort();
      },
    });
    await expect(joining).rejects.toMatchObject({ code: 'aborted' });
    expect(files.size).toBe(0);
  });
});

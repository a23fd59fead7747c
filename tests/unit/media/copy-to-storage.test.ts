import { describe, expect, it } from 'vitest';
import { copyVideoToStorage } from '../../../src/media/copy-to-storage';
import { VideoError } from '../../../src/media/video-error';

/**
 * An in-memory OPFS folder; `quotaBytes` makes writes past it fail as the browser does: QuotaExceededError, or
 * (`fullDiskAs: 'not-readable'`) the NotReadableError Chromium gives when the disk fills under a Blob write.
 */
function fakeFolder(quotaBytes = Infinity, fullDiskAs: 'quota' | 'not-readable' = 'quota') {
  const files = new Map<string, number>();
  const writes: number[] = [];
  const folder = {
    async getFileHandle(name: string) {
      files.set(name, 0);
      return {
        async createWritable() {
          return {
            async write(chunk: Blob) {
              // A slice of a file that cannot be read (gone, cut short) rejects as the browser's write does.
              const bytes = (await chunk.arrayBuffer()).byteLength;
              const next = (files.get(name) ?? 0) + bytes;
              if (next > quotaBytes) throw fullDiskAs === 'quota' ? new DOMException('quota', 'QuotaExceededError') : new DOMException('The requested file could not be read', 'NotReadableError');
              writes.push(bytes);
              files.set(name, next);
            },
            async close() {},
            async abort() {},
          };
        },
      };
    },
    async removeEntry(name: string) {
      files.delete(name);
    },
  };
  return { folder: folder as unknown as FileSystemDirectoryHandle, files, writes };
}

const fileOf = (bytes: number) => new File([new Uint8Array(bytes)], 'GX010042.MP4', { type: 'video/mp4' });

describe('copying a video into storage', () => {
  it('streams the file in chunks with progress up to its size', async () => {
    const { folder, files, writes } = fakeFolder();
    const progress: number[] = [];
    const file = fileOf(9 * 1024 * 1024 + 17);
    const stored = await copyVideoToStorage(file, { folder, freeBytes: async () => null, onProgress: (done) => progress.push(done) });
    expect(stored.sizeBytes).toBe(file.size);
    expect(stored.opfsName).toMatch(/\.mp4$/);
    expect(files.get(stored.opfsName)).toBe(file.size);
    // More than one write, none the whole file: the copy never holds it all.
    expect(writes.length).toBeGreaterThan(1);
    expect(Math.max(...writes)).toBeLessThan(file.size);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(file.size);
  });

  it('refuses a file larger than the free space before writing a byte', async () => {
    const { folder, files } = fakeFolder();
    await expect(copyVideoToStorage(fileOf(5000), { folder, freeBytes: async () => 4000 })).rejects.toMatchObject({ code: 'quota' });
    expect(files.size).toBe(0);
  });

  it('keeps nothing half-copied when the disk fills during the copy', async () => {
    const { folder, files } = fakeFolder(5 * 1024 * 1024);
    const error = await copyVideoToStorage(fileOf(12 * 1024 * 1024), { folder, freeBytes: async () => null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoError);
    expect((error as VideoError).code).toBe('quota');
    expect(files.size).toBe(0);
  });

  it('says the disk is full when a write fails as unreadable but the picked file still reads', async () => {
    const { folder, files } = fakeFolder(5 * 1024 * 1024, 'not-readable');
    const error = await copyVideoToStorage(fileOf(12 * 1024 * 1024), { folder, freeBytes: async () => null }).catch((e: unknown) => e);
    expect((error as VideoError).code).toBe('quota');
    expect(files.size).toBe(0);
  });

  it('says the copy failed, not the disk, when the picked file itself can no longer be read', async () => {
    const { folder, files } = fakeFolder();
    const file = fileOf(12 * 1024 * 1024);
    let reads = 0;
    const unreadable = (size: number) => ({ size, arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')) });
    // Gone after the first 4 MB: every later read fails, as a file removed or an unplugged card's does.
    const gone = { size: file.size, name: file.name, slice: (start?: number, end?: number) => (reads++ === 0 ? file.slice(start, end) : unreadable(file.slice(start, end).size)) } as unknown as File;
    const error = await copyVideoToStorage(gone, { folder, freeBytes: async () => null }).catch((e: unknown) => e);
    expect((error as VideoError).code).toBe('write-failed');
    expect(files.size).toBe(0);
  });

  it('keeps nothing when the racer cancels', async () => {
    const { folder, files } = fakeFolder();
    const abort = new AbortController();
    const copying = copyVideoToStorage(fileOf(12 * 1024 * 1024), { folder, freeBytes: async () => null, signal: abort.signal, onProgress: (done) => done > 0 && abort.abort() });
    await expect(copying).rejects.toMatchObject({ code: 'aborted' });
    expect(files.size).toBe(0);
  });
});

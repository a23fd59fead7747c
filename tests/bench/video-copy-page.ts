/**
 * Bench page (built by video-copy.bench.ts with Vite, run in headless Chromium with a profile on disk): copies the
 * file picked in its <input type=file> into the Origin Private File System with the app's own copy
 * (src/media/copy-to-storage.ts), timing it and recording each progress report; then removes the copy.
 */
import { copyVideoToStorage } from '../../src/media/copy-to-storage';
import { removeStoredFiles } from '../../src/data/storage/opfs-files';

interface CopyRun {
  ms: number;
  bytes: number;
  /** Progress reports, and the longest wait between two (ms). */
  reports: number;
  longestGapMs: number;
  /** The last report's copied bytes against the file's size. */
  lastReport: [number, number];
}

const input = document.createElement('input');
input.type = 'file';
input.id = 'pick';
document.body.append(input);

(window as unknown as { copyBench: { run(): Promise<CopyRun> } }).copyBench = {
  async run() {
    const file = input.files?.[0];
    if (!file) throw new Error('no file picked');
    let reports = 0;
    let last = performance.now();
    let longestGapMs = 0;
    let lastReport: [number, number] = [0, 0];
    const started = performance.now();
    const stored = await copyVideoToStorage(file, {
      onProgress: (copied, total) => {
        const now = performance.now();
        longestGapMs = Math.max(longestGapMs, now - last);
        last = now;
        reports++;
        lastReport = [copied, total];
      },
    });
    const ms = performance.now() - started;
    await removeStoredFiles([stored.opfsName]);
    return { ms, bytes: stored.sizeBytes, reports, longestGapMs, lastReport };
  },
};
document.title = 'ready';

import { describe, expect, it, vi } from 'vitest';
import { ExportError } from '../../../../src/media/export/export-error';
import { createExportFlow, createProgressReport, isKeyFrame, wrapFailure } from '../../../../src/media/export/export-stages';

describe("the export's stages", () => {
  it('keeps the first failure only and throws it as an ExportError at the next check', () => {
    const flow = createExportFlow({ cancelled: () => false });
    expect(() => flow.check()).not.toThrow();
    flow.fail(new TypeError('bad frame'));
    flow.fail(new Error('later'));
    expect(() => flow.check()).toThrow(new ExportError('failed', 'TypeError: bad frame'));
  });

  it('says the export was cancelled before any failure', () => {
    const flow = createExportFlow({ cancelled: () => true });
    flow.fail(new Error('x'));
    expect(() => flow.check()).toThrow(expect.objectContaining({ code: 'aborted' }));
  });

  it('wakes the waiting reading loop when a queue moves', async () => {
    vi.useFakeTimers();
    try {
      const flow = createExportFlow({ cancelled: () => false });
      let woke = false;
      const waiting = flow.wait().then(() => (woke = true));
      flow.poke();
      await waiting;
      expect(woke).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports progress at most every 200 ms unless forced', () => {
    const reports: number[] = [];
    let now = 1000;
    const progress = createProgressReport({ onProgress: (p) => reports.push(p.framesDone) }, 10, () => now);
    progress.report(true);
    progress.frameDone();
    now += 150;
    progress.frameDone();
    now += 100;
    progress.frameDone();
    progress.report(true);
    expect(reports).toEqual([0, 3, 3]);
    expect(progress.framesDone()).toBe(3);
  });

  it('makes a key frame every two seconds of the result', () => {
    expect(isKeyFrame(0, -Infinity)).toBe(true);
    expect(isKeyFrame(1_999_999, 0)).toBe(false);
    expect(isKeyFrame(2_000_000, 0)).toBe(true);
  });

  it('names a full device as the quota failure and keeps an ExportError as it is', () => {
    expect(wrapFailure(new DOMException('full', 'QuotaExceededError')).code).toBe('quota');
    const own = new ExportError('undecodable', 'no');
    expect(wrapFailure(own)).toBe(own);
    expect(wrapFailure('odd')).toMatchObject({ code: 'failed', message: 'odd' });
  });
});

import { describe, expect, it } from 'vitest';
import { decodeRange, exportedDurationS } from '../../../../src/media/export/decode-range';
import type { SourceSample } from '../../../../src/media/source-tracks';

/** Ten frames of 100 ms in presentation order, a key frame every fourth (0, 4, 8). */
const samples: SourceSample[] = Array.from({ length: 10 }, (_, i) => ({ offset: i * 100, size: 100, key: i % 4 === 0, timestampUs: i * 100_000, durationUs: 100_000 }));

describe('the samples an export decodes', () => {
  it('starts at the key frame before the window and ends at the frame before the one on screen at its end', () => {
    expect(decodeRange(samples, 0.55, 0.8)).toEqual({ from: 4, to: 7, firstUs: 500_000, lastUs: 700_000, frames: 3 });
  });

  it("keeps the video's last frame when the window reaches the video's end", () => {
    expect(decodeRange(samples, 0.85, 1)).toEqual({ from: 8, to: 9, firstUs: 800_000, lastUs: 900_000, frames: 2 });
  });

  it('finds nothing for a window outside the video', () => {
    expect(decodeRange(samples, 2, 3)).toBeNull();
  });

  it("measures the result from the window's first frame to the end of its last", () => {
    const range = decodeRange(samples, 0.55, 0.8)!;
    expect(exportedDurationS(range, samples)).toBeCloseTo(0.3, 9);
  });
});

import { describe, expect, it } from 'vitest';
import { ExportError } from '../../../../src/media/export/export-error';
import { fileSink, type PositionalWriter } from '../../../../src/media/export/file-sink';

/** A file of `room` bytes: writes beyond it store what fits and return the count, as a full disk does. */
function smallFile(room: number): PositionalWriter & { bytes: Uint8Array } {
  const bytes = new Uint8Array(room);
  return {
    bytes,
    write(data, { at }) {
      const n = Math.max(0, Math.min(data.byteLength, room - at));
      bytes.set(data.subarray(0, n), at);
      return n;
    },
  };
}

describe('the export file sink', () => {
  it('writes each run of bytes at its position, rewrites included', () => {
    const file = smallFile(8);
    const sink = fileSink(file);
    sink.write(new Uint8Array([1, 2, 3, 4]), 0);
    sink.write(new Uint8Array([5, 6, 7, 8]), 4);
    sink.write(new Uint8Array([9]), 1);
    expect([...file.bytes]).toEqual([1, 9, 3, 4, 5, 6, 7, 8]);
  });

  it('turns a short write (the disk filled up) into a quota failure naming what was stored', () => {
    const sink = fileSink(smallFile(6));
    sink.write(new Uint8Array(4), 0);
    let thrown: unknown = null;
    try {
      sink.write(new Uint8Array(4), 4);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ExportError);
    expect((thrown as ExportError).code).toBe('quota');
    expect((thrown as ExportError).message).toContain('2 of 4 bytes stored at 4');
  });

  it('lets the browser’s own quota error through for the pipeline to classify', () => {
    const quota = new DOMException('No space available for this operation', 'QuotaExceededError');
    const sink = fileSink({
      write: () => {
        throw quota;
      },
    });
    expect(() => sink.write(new Uint8Array(1), 0)).toThrow(quota);
  });
});

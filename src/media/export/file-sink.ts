/**
 * The export's sink over an OPFS sync access handle: each of the muxer's byte runs written at its position. A write
 * that stores fewer bytes than it was given means the device is full: Chromium throws QuotaExceededError only when
 * its own room check fails, but when the disk itself fills up under that check the write returns a short count
 * instead of throwing (seen on a full tmpfs: the export reported done while the disk had no room for its bytes).
 * Both come out as ExportError('quota').
 */
import { ExportError } from './export-error';
import type { ExportSink } from './export-types';

/** The part of FileSystemSyncAccessHandle the sink uses. */
export interface PositionalWriter {
  write(data: Uint8Array, options: { at: number }): number;
}

export function fileSink(file: PositionalWriter): ExportSink {
  return {
    write(data, position) {
      const written = file.write(data, { at: position });
      if (written !== data.byteLength) throw new ExportError('quota', `The device ran out of space while the video was written (${written} of ${data.byteLength} bytes stored at ${position}).`);
    },
  };
}

/**
 * Random access to a file's bytes without holding all of them: a GoPro video is gigabytes, of which the
 * telemetry reader needs the MP4 index and a few kilobytes a second. The page wraps a File (Blob.slice), tests
 * and small inputs wrap bytes already in memory.
 */
export interface ByteSource {
  /** Total bytes. */
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the source). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A ByteSource over bytes in memory (no copy: reads are views). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(Math.max(0, offset), Math.min(bytes.length, offset + length))),
  };
}

/** A ByteSource over a Blob (or File): each read slices only the bytes asked for. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, Math.min(blob.size, offset + length)).arrayBuffer()),
  };
}

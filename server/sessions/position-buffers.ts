/**
 * The shared memory an upload's position text is written into by the upload worker (rebuilt from columns or
 * copied out of the JSON), read there by the finish check and the database write, and kept for the next upload
 * once this one is stored. A fresh 25 MB buffer per upload cost more than writing the text: the machine maps and
 * zeroes every page of it first (~5 ms per MB on a busy 2-core host, a 7 h upload's text 130-150 ms), where pages
 * written by an earlier upload are already there.
 *
 * Each buffer is as big as the body limit it was taken for: a new one is mapped as it is written, so an upload
 * holds only what its text fills. A kept buffer still holds an earlier upload's bytes past the new text's end;
 * nothing reads past a text's length.
 */
export interface PositionBuffers {
  /** A buffer of at least `bytes` (a kept one when there is one). */
  take(bytes: number): Uint8Array;
  /** Gives a buffer back once nothing reads it any more (the upload stored or refused). */
  give(buffer: Uint8Array): void;
}

/** Keeps up to `keep` given-back buffers (one per upload the server stores at once). */
export function positionBuffers(keep: number): PositionBuffers {
  const free: Uint8Array[] = [];
  return {
    take(bytes) {
      const i = free.findIndex((b) => b.byteLength >= bytes);
      return i >= 0 ? free.splice(i, 1)[0] : new Uint8Array(new SharedArrayBuffer(bytes));
    },
    give(buffer) {
      if (free.length < keep && !free.includes(buffer)) free.push(buffer);
    },
  };
}

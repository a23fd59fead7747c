/** Text <-> UTF-8 bytes for the device texts kept in IndexedDB. */
export type TextInput = string | Uint8Array | ArrayBuffer;

/**
 * Bytes as a row of IndexedDB holds them. New rows keep big byte arrays as Blobs: IndexedDB stores a Blob by
 * reference, while an ArrayBuffer is serialised (and cloned again for the key path) inside put(), on the main
 * thread - over 100 ms for a 7 h session's 25 MB. Rows written by older builds hold ArrayBuffers; both read back.
 */
export type StoredBytes = ArrayBuffer | Blob;

/** An ArrayBuffer holding exactly the given text or bytes (copies a view that does not span its whole buffer). */
export function toArrayBuffer(input: TextInput): ArrayBuffer {
  if (typeof input === 'string') return new TextEncoder().encode(input).buffer as ArrayBuffer;
  if (input instanceof ArrayBuffer) return input;
  if (input.byteOffset === 0 && input.byteLength === input.buffer.byteLength && input.buffer instanceof ArrayBuffer) return input.buffer;
  return input.slice().buffer as ArrayBuffer;
}

/** The form in which bytes are written to IndexedDB (a Blob holding a copy of them). */
export function toStoredBytes(bytes: ArrayBuffer | ArrayBufferView<ArrayBuffer>): Blob {
  return new Blob([bytes]);
}

/**
 * The Blobs to store for the texts: the caller's own when it built them (the import worker does, so the page never
 * copies a 2 h session's 7 MB into a Blob: that copy alone was a 35 ms task on the main thread), else copies.
 */
export function storedTexts(texts: { laps: ArrayBuffer; nmea: ArrayBuffer; blobs?: TextBlobs }): { laps: Blob; nmea: Blob } {
  return texts.blobs ?? { laps: toStoredBytes(texts.laps), nmea: toStoredBytes(texts.nmea) };
}

/** The texts as Blobs already holding exactly their bytes. */
export interface TextBlobs {
  laps: Blob;
  nmea: Blob;
}

/** Bytes read back from IndexedDB, whichever form the row holds. */
export function fromStoredBytes(stored: StoredBytes): Promise<ArrayBuffer> {
  return stored instanceof Blob ? stored.arrayBuffer() : Promise.resolve(stored);
}

export function bytesToText(bytes: ArrayBuffer): string {
  return new TextDecoder().decode(bytes);
}

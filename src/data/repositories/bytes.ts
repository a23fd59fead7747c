/** Text <-> UTF-8 bytes for the device texts kept in IndexedDB. */
export type TextInput = string | Uint8Array | ArrayBuffer;

/** An ArrayBuffer holding exactly the given text or bytes (copies a view that does not span its whole buffer). */
export function toArrayBuffer(input: TextInput): ArrayBuffer {
  if (typeof input === 'string') return new TextEncoder().encode(input).buffer as ArrayBuffer;
  if (input instanceof ArrayBuffer) return input;
  if (input.byteOffset === 0 && input.byteLength === input.buffer.byteLength && input.buffer instanceof ArrayBuffer) return input.buffer;
  return input.slice().buffer as ArrayBuffer;
}

export function bytesToText(bytes: ArrayBuffer): string {
  return new TextDecoder().decode(bytes);
}

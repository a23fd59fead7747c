/**
 * UTF-8 for the codec's messages, in plain JavaScript. The messages are short and nearly always ASCII, and a
 * transfer sends and receives one per chunk (51,414 each way for a 7 h session): TextEncoder/TextDecoder results
 * are made by the browser (a typed array tied to a browser-side object, a string from the browser's heap), which
 * V8's young-generation collector must treat as roots until the browser's own GC runs - in Chromium that made
 * every scavenge during a long transfer take 20-40 ms instead of 2-5 ms. Arrays and strings made here are plain
 * V8 objects that die young.
 */

const decoder = new TextDecoder('utf-8');

/** Longer texts (session files, Wi-Fi passwords are short) go through the browser's decoder, which is faster. */
const JS_DECODE_MAX = 1024;

export function utf8(text: string): Uint8Array {
  const out = new Uint8Array(utf8Length(text));
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[o++] = c;
      continue;
    }
    if (c < 0x800) {
      out[o++] = 0xc0 | (c >> 6);
      out[o++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
        out[o++] = 0xf0 | (c >> 18);
        out[o++] = 0x80 | ((c >> 12) & 0x3f);
        out[o++] = 0x80 | ((c >> 6) & 0x3f);
        out[o++] = 0x80 | (c & 0x3f);
        continue;
      }
    }
    // A lone surrogate is encoded as U+FFFD, as TextEncoder does.
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 0x3f);
    out[o++] = 0x80 | (c & 0x3f);
  }
  return out;
}

export function fromUtf8(bytes: Uint8Array): string {
  if (bytes.length <= JS_DECODE_MAX) {
    let ascii = true;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] >= 0x80) {
        ascii = false;
        break;
      }
    }
    // At most JS_DECODE_MAX arguments: far below the stack's limit.
    // eslint-disable-next-line no-restricted-syntax
    if (ascii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  return decoder.decode(bytes);
}

/** Byte length of a string once UTF-8 encoded (lone surrogates count 3, as U+FFFD), without allocating. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

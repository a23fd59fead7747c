/**
 * AiM XRK and XRZ files told from their first bytes (kept apart from their reader, which loads on first use).
 */

/**
 * An XRK starts with a header message: '<h', a token of ASCII letters, digits, '+' or a padding space, a length
 * that is not negative, and '>' closing the header at byte 11.
 */
export function looksLikeXrk(head: Uint8Array): boolean {
  if (head.length < 12 || head[0] !== 0x3c || head[1] !== 0x68 || head[11] !== 0x3e) return false;
  for (let i = 2; i < 6; i++) {
    const c = head[i];
    const ok = c === 0x20 || c === 0x2b || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if (!ok) return false;
  }
  return (head[9] & 0x80) === 0;
}

/**
 * An XRZ: a zlib stream, deflate with a 32 KiB window (0x78) at one of the three levels zlib writes (what it
 * inflates to is checked as it comes). Neither second byte is text, so no text file is taken for one.
 */
export function looksLikeXrz(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x78 && (head[1] === 0x01 || head[1] === 0x9c || head[1] === 0xda);
}

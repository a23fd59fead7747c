/**
 * Whether bytes start like an ISO-BMFF / QuickTime file (MP4, MOV, a GoPro's MP4 or 360): the first box's type
 * ('ftyp' first in nearly every file; QuickTime also opens with 'wide', 'free', 'skip', 'mdat' or 'moov'). Kept
 * apart from the MP4 reader so that sniffing a file loads no container library.
 */
const FIRST_BOX_TYPES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']);

export function looksLikeMp4(head: Uint8Array): boolean {
  if (head.length < 8) return false;
  const size = ((head[0] << 24) >>> 0) + (head[1] << 16) + (head[2] << 8) + head[3];
  // A box is at least its 8-byte header; size 1 means a 64-bit size follows, 0 runs to the end of the file.
  if (size !== 0 && size !== 1 && size < 8) return false;
  return FIRST_BOX_TYPES.has(String.fromCharCode(head[4], head[5], head[6], head[7]));
}

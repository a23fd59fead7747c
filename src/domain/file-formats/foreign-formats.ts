/**
 * Files of formats not read here, recognised so that the refusal names them (and the racer knows to export the
 * session as one that is, or to unpack an archive first) instead of calling them unknown. Archives, documents
 * and pictures are told by their signature; loggers' binary logs whose signature is not published by their
 * extension, and only when the bytes are not text (a text file misnamed still goes to the text formats).
 */

export type ForeignFormatKind = 'log' | 'archive' | 'other';

export interface ForeignFormat {
  /** Stable id, for the refusal's detail (the screen names it in the user's language). */
  id: string;
  /** The format's name in English, for messages. */
  name: string;
  kind: ForeignFormatKind;
  /** Lower-case extensions, without the dot. */
  extensions: readonly string[];
  /** The file's signature in its first bytes, when the format has a published one. */
  signature?: readonly number[];
}

const FOREIGN_FORMATS: readonly ForeignFormat[] = [
  { id: 'aim-drk', name: 'AiM DRK log (Race Studio 2)', kind: 'log', extensions: ['drk'] },
  { id: 'motec-ld', name: 'MoTeC i2 log (.ld)', kind: 'log', extensions: ['ld'] },
  { id: 'racechrono-rcz', name: 'RaceChrono session archive (.rcz)', kind: 'log', extensions: ['rcz'] },
  { id: 'vbox-dbn', name: 'VBOX DBN log (.dbn)', kind: 'log', extensions: ['dbn'] },
  { id: 'iracing-ibt', name: 'iRacing telemetry (.ibt)', kind: 'log', extensions: ['ibt'] },
  { id: 'race-technology-run', name: 'Race Technology log (.run)', kind: 'log', extensions: ['run'] },
  { id: 'pi-toolbox', name: 'Pi Toolbox log (.pds)', kind: 'log', extensions: ['pds'] },
  { id: 'zip', name: 'ZIP archive', kind: 'archive', extensions: ['zip'], signature: [0x50, 0x4b, 0x03, 0x04] },
  { id: 'gzip', name: 'gzip archive', kind: 'archive', extensions: ['gz', 'tgz'], signature: [0x1f, 0x8b] },
  { id: '7z', name: '7-Zip archive', kind: 'archive', extensions: ['7z'], signature: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { id: 'rar', name: 'RAR archive', kind: 'archive', extensions: ['rar'], signature: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { id: 'pdf', name: 'PDF document', kind: 'other', extensions: ['pdf'], signature: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { id: 'png', name: 'PNG picture', kind: 'other', extensions: ['png'], signature: [0x89, 0x50, 0x4e, 0x47] },
  { id: 'jpeg', name: 'JPEG picture', kind: 'other', extensions: ['jpg', 'jpeg'], signature: [0xff, 0xd8, 0xff] },
];

/** The lower-case extension of a file name ('' when none). */
export function extensionOf(fileName: string): string {
  return /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

function startsWith(head: Uint8Array, signature: readonly number[]): boolean {
  return head.length >= signature.length && signature.every((b, i) => head[i] === b);
}

/**
 * The format not read here that a file is: by its signature, else (for bytes that are not text) by its
 * extension; null when neither says.
 */
export function recognizeForeignFormat(fileName: string, head: Uint8Array, isBinary: boolean): ForeignFormat | null {
  const bySignature = FOREIGN_FORMATS.find((f) => f.signature && startsWith(head, f.signature));
  if (bySignature) {
    // A RaceChrono archive is a ZIP: the extension names the more precise format.
    const byName = FOREIGN_FORMATS.find((f) => !f.signature && f.extensions.includes(extensionOf(fileName)));
    return byName ?? bySignature;
  }
  if (!isBinary) return null;
  const ext = extensionOf(fileName);
  return FOREIGN_FORMATS.find((f) => f.extensions.includes(ext)) ?? null;
}

/**
 * Binary import formats, each recognised from the file's first bytes (their signatures never tie, so the name
 * plays no part) and read through a random-access ByteSource, so a video of gigabytes is never read whole. Each
 * importer (with the library it needs: Garmin's FIT SDK, mp4box) loads on first use, keeping them out of the
 * page's first view. To add a format, add a row to BINARY_FORMATS.
 */
import type { ByteSource } from '../file-reading/byte-source';
import { looksLikeMp4 } from '../file-reading/mp4-sniff';
import { looksLikeXrk, looksLikeXrz } from './xrk-sniff';
import type { ImportProgressListener } from './import-progress';
import type { ImportedSession } from './import-types';

/** Which binary format a file is (an XRZ is read as the XRK it inflates to: both give source 'aim-xrk'). */
export type BinaryImportSource = 'fit' | 'gopro-mp4' | 'aim-xrk' | 'aim-xrz';

interface BinaryReadOptions {
  /** Told how far the read is, for importers that read the file in one pass (XRK). */
  onProgress?: ImportProgressListener;
}

interface BinaryFormat {
  source: BinaryImportSource;
  /** The format's name as racers know it, for messages. */
  label: string;
  /** From the first HEAD_BYTES bytes of the file. */
  looksLike: (head: Uint8Array) => boolean;
  read: (source: ByteSource, options: BinaryReadOptions) => Promise<ImportedSession>;
}

/** Bytes a sniffer sees. */
export const HEAD_BYTES = 64;

const BINARY_FORMATS: readonly BinaryFormat[] = [
  {
    source: 'fit',
    label: 'Garmin FIT',
    looksLike: looksLikeFit,
    read: async (source) => (await import('./import-fit')).importFit(await source.read(0, source.size)),
  },
  {
    source: 'gopro-mp4',
    label: 'GoPro video (GPS telemetry)',
    looksLike: looksLikeMp4,
    read: async (source) => (await import('./import-gopro-mp4')).importGoProMp4(source),
  },
  {
    source: 'aim-xrk',
    label: 'AiM XRK',
    looksLike: looksLikeXrk,
    read: async (source, options) => (await import('./import-aim-xrk')).importAimXrk(source, options),
  },
  {
    source: 'aim-xrz',
    label: 'AiM XRZ',
    looksLike: looksLikeXrz,
    read: async (source, options) => (await import('./import-aim-xrk')).importAimXrk(source, options),
  },
];

/** The binary formats' names, for messages. */
export const BINARY_FORMAT_LABELS: readonly string[] = BINARY_FORMATS.map((f) => f.label);

/**
 * A FIT file header: 12 or 14 bytes long (its first byte), '.FIT' at bytes 8-11. A file too short for its own
 * header still counts as FIT when '.FIT' is there, so the importer can call it damaged rather than unknown.
 * @internal Exported for its tests.
 */
export function looksLikeFit(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const headerSize = head[0];
  return (headerSize === 12 || headerSize === 14) && head[8] === 0x2e && head[9] === 0x46 && head[10] === 0x49 && head[11] === 0x54;
}

/** The binary format of a file from its first bytes; null when none of ours (then it may be text). */
export function detectBinaryFormat(head: Uint8Array): BinaryImportSource | null {
  return BINARY_FORMATS.find((f) => f.looksLike(head))?.source ?? null;
}

export function importBinary(format: BinaryImportSource, source: ByteSource, options: BinaryReadOptions = {}): Promise<ImportedSession> {
  const entry = BINARY_FORMATS.find((f) => f.source === format);
  if (!entry) throw new Error(`unknown binary format ${format}`);
  return entry.read(source, options);
}

/**
 * A picked file read into a normalised session (the first step of an import; prepare-import.ts runs all of them):
 * binary formats by their first bytes (import-binary.ts), else the text through `importFile`: the importer by
 * content (import-registry.ts), the extension only as a tie-break. A file that is none of ours, of a format not
 * read here, binary, empty or too large is refused with an ImportError. The circuit is then picked
 * (pick-circuit.ts) and the laps timed (time-import.ts).
 */
import type { ByteSource } from '../file-reading/byte-source';
import { BINARY_FORMAT_LABELS, detectBinaryFormat, HEAD_BYTES as BINARY_HEAD_BYTES, importBinary } from './import-binary';
import { extensionOf, recognizeForeignFormat } from './foreign-formats';
import { ImportError } from './import-errors';
import { importerByContent, importerByExtension, importerLabels, importInput, type ImportReadOptions } from './import-registry';
import type { ImportSource, ImportedSession } from './import-types';
import type { ImportProgressListener } from './import-progress';

export interface ImportFileOptions extends ImportReadOptions {
  /** Told how far the import is, by bytes read and then parsed (import-progress.ts); unthrottled. */
  onProgress?: ImportProgressListener;
}

/** Bytes read per part of a text file (each part reported as read). */
const READ_PART_BYTES = 2 * 1024 * 1024;

/** Larger than any session a logger writes (7 h at 25 Hz with 30+ channels is about 250 MB of VBO text). */
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

/**
 * The format of a file from its content; the extension only breaks ties. null: none of ours.
 * @internal Exported for its tests.
 */
export function detectImportFormat(fileName: string, text: string): ImportSource | null {
  const input = importInput(fileName, text);
  return (importerByContent(input) ?? importerByExtension(fileName))?.source ?? null;
}

/** Refuses a text file larger than MAX_IMPORT_BYTES (ImportError 'too-large'). */
function checkImportSize(fileName: string, bytes: number, limit = MAX_IMPORT_BYTES): void {
  if (bytes > limit) throw new ImportError('too-large', `${fileName} is larger than ${Math.round(limit / 1024 / 1024)} MB.`, { limitMb: Math.round(limit / 1024 / 1024) });
}

/** Bytes that are not text: a NUL, or many control characters, in the first KiB. */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 1024);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return n > 0 && control / n > 0.1;
}

/** Every format read here, for the messages that refuse a file as none of them. */
function formatsRead(): string {
  return [importerLabels(), ...BINARY_FORMAT_LABELS].join(', ');
}

/**
 * Refuses a file of a format not read here, naming it ('unsupported-format', detail.format and detail.kind),
 * from its first bytes: its signature, or its extension when the bytes are not text.
 */
function refuseForeignFormat(fileName: string, head: Uint8Array): void {
  const foreign = recognizeForeignFormat(fileName, head, looksBinary(head));
  if (!foreign) return;
  throw new ImportError('unsupported-format', `${fileName} is a ${foreign.name}, a format not read here (formats read: ${formatsRead()}).`, {
    format: foreign.id,
    kind: foreign.kind,
  });
}

/**
 * Reads one file (bytes, or text already decoded) into a normalised session; ImportError when it cannot be one
 * (empty, too large, of a format not read here, binary and none of ours, none of our formats, or the format's
 * own refusal).
 * @internal Exported for its tests.
 */
export function importFile(fileName: string, content: Uint8Array | string, options: ImportFileOptions = {}): ImportedSession {
  const size = typeof content === 'string' ? content.length : content.byteLength;
  if (size === 0) throw new ImportError('empty-file', `${fileName} is empty.`);
  if (typeof content !== 'string') refuseForeignFormat(fileName, content.subarray(0, 1024));
  checkImportSize(fileName, size);
  const input = importInput(fileName, content);
  const byContent = importerByContent(input);
  // Bytes that are not text and no binary format of ours: refused before the extension could hand them to a text reader.
  if (!byContent && typeof content !== 'string' && looksBinary(content)) {
    const extension = extensionOf(fileName);
    throw new ImportError('binary', `${fileName} is a binary file of none of the formats read here (${formatsRead()}).`, extension ? { extension } : {});
  }
  const importer = byContent ?? importerByExtension(fileName);
  if (!importer) {
    if (input.head.trim() === '' && input.text.trim() === '') throw new ImportError('empty-file', `${fileName} is empty.`);
    throw new ImportError('unknown-format', `${fileName} is none of the formats read here (${formatsRead()}).`);
  }
  return importer.readBytes ? importer.readBytes(input.bytes, { ...options, fileName }) : importer.read(input.text, { ...options, fileName });
}

/**
 * Reads any file through a ByteSource: a binary format recognised by its first bytes is read by its importer
 * (which loads on first use and reads only what it needs), anything else is decoded as UTF-8 text and goes
 * through `importFile`.
 */
export async function importFileSource(fileName: string, source: ByteSource, options: ImportFileOptions = {}): Promise<ImportedSession> {
  if (source.size === 0) throw new ImportError('empty-file', `${fileName} is empty.`);
  const binary = detectBinaryFormat(await source.read(0, BINARY_HEAD_BYTES));
  if (binary !== null) return importBinary(binary, source, { onProgress: options.onProgress });
  // Named before its size is held against it: a 1 GB MoTeC log is a MoTeC log, not merely too large.
  refuseForeignFormat(fileName, await source.read(0, 1024));
  // A text file is read whole: refuse one larger than any log before reading it (a video is read by parts above).
  checkImportSize(fileName, source.size);
  const { onProgress, ...readOptions } = options;
  if (!onProgress) return importFile(fileName, await source.read(0, source.size), readOptions);
  const totalBytes = source.size;
  const bytes = await readByParts(source, (read) => onProgress({ stage: 'reading', bytes: read, totalBytes }));
  const onParsed = (share: number) => onProgress({ stage: 'parsing', bytes: Math.round(share * totalBytes), totalBytes });
  const imported = importFile(fileName, bytes, { ...readOptions, onParsed });
  onProgress({ stage: 'parsing', bytes: totalBytes, totalBytes });
  return imported;
}

/** The whole source, read part by part (`onRead` told the bytes read after each). */
async function readByParts(source: ByteSource, onRead: (bytes: number) => void): Promise<Uint8Array> {
  const out = new Uint8Array(source.size);
  onRead(0);
  for (let offset = 0; offset < source.size; ) {
    const part = await source.read(offset, Math.min(READ_PART_BYTES, source.size - offset));
    if (part.length === 0) break;
    out.set(part, offset);
    offset += part.length;
    onRead(offset);
  }
  return out;
}

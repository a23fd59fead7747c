/**
 * The bytes of an XRK, or of an XRZ (the same bytes zlib-compressed, as Race Studio and the loggers write them to
 * save space), handed to a consumer part by part: the file is read 1 MiB at a time through its ByteSource, an
 * XRZ through the platform's DecompressionStream (zlib 'deflate', in browsers and Node alike), so neither the file
 * nor its inflated bytes are ever held whole.
 */
import type { ByteSource } from '../file-reading/byte-source';

/** Bytes read from the file at a time. */
const PART_BYTES = 1024 * 1024;

/** Inflated bytes beyond which an XRZ is refused: no logger writes a session this large (a bomb of zeros might). */
export const MAX_INFLATED_BYTES = 1024 * 1024 * 1024;

export interface StreamOutcome {
  /** Bytes handed to the consumer (the inflated ones for an XRZ). */
  bytes: number;
  /** An XRZ whose compressed stream broke off (cut short or damaged): what came before it was handed on. */
  cutShort: boolean;
  /** The consumer asked to stop (it saw enough to refuse the file). */
  stopped: boolean;
  /** An XRZ inflating beyond MAX_INFLATED_BYTES (stopped there). */
  tooLarge: boolean;
}

/** Consumer of the parts: returns false to stop the stream. */
type Consume = (part: Uint8Array) => boolean;

/** Reads the file's bytes in parts; `onRead` told the file bytes read so far. */
async function readParts(source: ByteSource, consume: Consume, onRead?: (bytes: number) => void): Promise<StreamOutcome> {
  let offset = 0;
  while (offset < source.size) {
    const part = await source.read(offset, Math.min(PART_BYTES, source.size - offset));
    if (part.length === 0) break;
    offset += part.length;
    onRead?.(offset);
    if (!consume(part)) return { bytes: offset, cutShort: false, stopped: true, tooLarge: false };
  }
  return { bytes: offset, cutShort: false, stopped: false, tooLarge: false };
}

/** Inflates the file's zlib stream part by part; `onRead` is told the compressed bytes read so far. */
async function inflateParts(source: ByteSource, consume: Consume, onRead?: (bytes: number) => void, maxBytes = MAX_INFLATED_BYTES): Promise<StreamOutcome> {
  const inflate = new DecompressionStream('deflate');
  const writer = inflate.writable.getWriter();
  const reader = inflate.readable.getReader();
  let finished = false;
  // Written while the output is read: the stream holds only a part or two between them.
  const writing = (async () => {
    for (let offset = 0; offset < source.size && !finished; ) {
      const part = await source.read(offset, Math.min(PART_BYTES, source.size - offset));
      if (part.length === 0) break;
      offset += part.length;
      onRead?.(offset);
      await writer.write(part as Uint8Array<ArrayBuffer>);
    }
    if (!finished) await writer.close();
  })();
  // Its failure shows on the reading side too (the readable errors); this keeps it from going unhandled.
  writing.catch(() => undefined);
  const outcome: StreamOutcome = { bytes: 0, cutShort: false, stopped: false, tooLarge: false };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      outcome.bytes += value.length;
      if (outcome.bytes > maxBytes) {
        outcome.tooLarge = true;
        break;
      }
      if (!consume(value)) {
        outcome.stopped = true;
        break;
      }
    }
  } catch {
    // A compressed stream cut short, or damaged part-way: what was inflated before it is kept.
    outcome.cutShort = true;
  }
  if (outcome.stopped || outcome.tooLarge) {
    finished = true;
    await reader.cancel().catch(() => undefined);
    await writer.abort().catch(() => undefined);
  }
  await writing.catch(() => undefined);
  return outcome;
}

/** The file's XRK bytes (inflated when it is an XRZ), part by part, to `consume`. */
export function streamXrkBytes(source: ByteSource, compressed: boolean, consume: Consume, onRead?: (bytes: number) => void): Promise<StreamOutcome> {
  return compressed ? inflateParts(source, consume, onRead) : readParts(source, consume, onRead);
}

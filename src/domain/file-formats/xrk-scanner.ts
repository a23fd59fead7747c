/**
 * The message framing of AiM's XRK files (MyChron 5/6, Solo 2, EVO and MXm loggers), read as a stream: bytes are
 * pushed in parts as they come off the disk (or out of the zlib stream of an XRZ), and each whole message is
 * handed on, so a file of hundreds of MB is never held whole. Ported from the MIT-licensed libxrk
 * (m3rlin45/libxrk, its parser.rs and messages.rs; itself from racer-coder/TrackDataAnalysis, Copyright 2024
 * Scott Smith); see NOTICE.
 *
 * An XRK is a sequence of messages, little-endian throughout:
 *  - header messages `<h` token(4) length(i32) version(1) `>` payload `<` token(4) bytesum(u16) `>`: the token is
 *    3 or 4 ASCII letters (a 3-letter one padded with a space), the bytesum is the payload's bytes added up
 *    modulo 65536. GPS fixes, laps, channel definitions (CHS), groups (GRP) and the logger's details come this way;
 *    CNF wraps a nested sequence of them (the configuration);
 *  - data messages of the logger's channels (RPM, temperatures, accelerations...): `(G` a group's sample, `(S` one
 *    channel's, `(M` several samples of one channel, `(c` an expansion device's, each closed by `)`. Their sizes
 *    are not written in them: they follow from the CHS and GRP messages met before, so only those let the
 *    scanner step over them (their values are not needed to import a session).
 * A byte where no message can start is counted and skipped, one at a time, as libxrk does, until a message is
 * found again; every length is checked against the bytes there are (and a cap) before it is believed.
 */

/** One header message, as handed on: the payload is a view valid only during the call (copy what is kept). */
export interface XrkHeaderMessage {
  /** The token without its padding: 'GPS', 'LAP', 'CHS', 'idn'... */
  token: string;
  version: number;
  payload: Uint8Array;
}

/** What the channel (CHS) and group (GRP) messages say about the size of data messages. */
interface ChannelTables {
  /** Channel index -> bytes per sample. */
  sampleBytes: Map<number, number>;
  /** Channel index -> sample period of its `(M` messages, ms (0: none). */
  periodMs: Map<number, number>;
  /** Group index -> bytes of one sample of all its channels. */
  groupBytes: Map<number, number>;
}

export interface XrkScannerOptions {
  /** Called for every header message whose framing and bytesum are right. */
  onHeader: (message: XrkHeaderMessage) => void;
  /** Total bytes of the stream when known (an XRK on disk): a length reaching past it is refused at once. */
  totalBytes?: number;
  /** Longest message believed, bytes (longer claims are damage, not messages). */
  maxMessageBytes?: number;
}

/** Longest message believed by default: the configuration (CNF) of 200 channels is about 30 KB. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** CNF messages nest other messages; deeper nesting than this is not a logger's. */
const MAX_NESTING = 2;

const LT = 0x3c; // '<'
const GT = 0x3e; // '>'
const OPEN = 0x28; // '('
const CLOSE = 0x29; // ')'
const H = 0x68; // 'h'

/** The token of a header message from its four bytes (a trailing space or NULs dropped). */
function tokenText(b: Uint8Array, at: number): string {
  let s = '';
  for (let i = 0; i < 4; i++) {
    const c = b[at + i];
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s.endsWith(' ') ? s.slice(0, -1) : s;
}

/** A NUL-terminated ASCII (Latin-1) text of a payload. */
export function nulTerminatedText(bytes: Uint8Array, from = 0, to = bytes.length): string {
  let s = '';
  for (let i = from; i < Math.min(to, bytes.length); i++) {
    if (bytes[i] === 0) break;
    s += String.fromCharCode(bytes[i]);
  }
  return s.trim();
}

export class XrkScanner {
  /** Bytes where no message could start, skipped. */
  badBytes = 0;
  /** Stream offset of the first skipped byte (-1: none). */
  firstBadOffset = -1;
  /** Whole messages read (header and data). */
  messages = 0;
  /** Header messages whose framing was right but whose bytesum was not (skipped). */
  badChecksums = 0;

  private readonly tables: ChannelTables;
  private readonly onHeader: (message: XrkHeaderMessage) => void;
  private readonly totalBytes: number;
  private readonly maxMessageBytes: number;
  private readonly depth: number;
  private buf = new Uint8Array(0);
  private view = new DataView(this.buf.buffer);
  /** Unread bytes are buf[start, end); `base` is the stream offset of buf[0]. */
  private start = 0;
  private end = 0;
  private base = 0;

  constructor(options: XrkScannerOptions, tables?: ChannelTables, depth = 0) {
    this.onHeader = options.onHeader;
    this.totalBytes = options.totalBytes ?? Infinity;
    this.maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    this.tables = tables ?? { sampleBytes: new Map(), periodMs: new Map(), groupBytes: new Map() };
    this.depth = depth;
  }

  /** Bytes the scanner holds (its buffer): one message waiting for its end and the last part, not the stream. */
  get heldBytes(): number {
    return this.buf.length;
  }

  /** Stream offset up to which every byte has been read as a message or skipped. */
  get offset(): number {
    return this.base + this.start;
  }

  /** Reads every whole message in the bytes pushed so far; a message cut by the part's end waits for the next. */
  push(part: Uint8Array): void {
    this.append(part);
    this.scan(false);
  }

  /** The stream has ended: what is left is read, a message cut short counted as skipped bytes. */
  finish(): void {
    this.scan(true);
  }

  private append(part: Uint8Array): void {
    if (this.end + part.length > this.buf.length) {
      // Only the unread bytes are kept: at most one message waiting for its end, plus this part.
      const unread = this.end - this.start;
      const needed = unread + part.length;
      if (needed <= this.buf.length) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        const next = new Uint8Array(Math.max(2 * needed, 64 * 1024));
        next.set(this.buf.subarray(this.start, this.end), 0);
        this.buf = next;
        this.view = new DataView(next.buffer);
      }
      this.base += this.start;
      this.start = 0;
      this.end = unread;
    }
    this.buf.set(part, this.end);
    this.end += part.length;
  }

  private scan(eof: boolean): void {
    while (this.start < this.end) {
      const used = this.message(this.start, eof);
      if (used === 0) return;
      if (used > 0) {
        this.messages++;
        this.start += used;
      } else {
        if (this.firstBadOffset < 0) this.firstBadOffset = this.offset;
        this.badBytes++;
        this.start++;
      }
    }
  }

  /**
   * The message at `at`: its length when whole and right, -1 when none starts there, 0 when more bytes are
   * needed to tell (never at the end of the stream).
   */
  private message(at: number, eof: boolean): number {
    const avail = this.end - at;
    if (avail < 2) return eof ? -1 : 0;
    const b = this.buf;
    const op = b[at + 1];
    if (b[at] === LT && op === H) return this.header(at, eof);
    if (b[at] !== OPEN) return -1;
    let length: number;
    if (op === 0x47 || op === 0x53) {
      // (G and (S: op(2) timecode(4) index(2) data ).
      if (avail < 8) return eof ? -1 : 0;
      const index = this.view.getUint16(at + 6, true);
      const size = op === 0x47 ? this.tables.groupBytes.get(index) : this.tables.sampleBytes.get(index);
      if (size === undefined) return -1;
      length = 9 + size;
    } else if (op === 0x4d) {
      // (M: op(2) timecode(4) index(2) count(2) count samples ).
      if (avail < 10) return eof ? -1 : 0;
      const index = this.view.getUint16(at + 6, true);
      const size = this.tables.sampleBytes.get(index);
      if (size === undefined || !(this.tables.periodMs.get(index)! > 0)) return -1;
      length = 11 + size * this.view.getUint16(at + 8, true);
    } else if (op === 0x63) {
      // (c: op(2) 0 channel<<3|4 (u16) 0x84 6 timecode(4) data ).
      if (avail < 7) return eof ? -1 : 0;
      const field = this.view.getUint16(at + 3, true);
      if (b[at + 2] !== 0 || (field & 7) !== 4 || b[at + 5] !== 0x84 || b[at + 6] !== 6) return -1;
      const size = this.tables.sampleBytes.get(field >> 3);
      if (size === undefined) return -1;
      length = 12 + size;
    } else {
      return -1;
    }
    const whole = this.whole(at, length, eof);
    if (whole !== 1) return whole;
    return b[at + length - 1] === CLOSE ? length : -1;
  }

  /** 1 when `length` bytes from `at` are there, 0 to wait for more, -1 when they never can be. */
  private whole(at: number, length: number, eof: boolean): number {
    if (length > this.maxMessageBytes || this.base + at + length > this.totalBytes) return -1;
    if (this.end - at >= length) return 1;
    return eof ? -1 : 0;
  }

  private header(at: number, eof: boolean): number {
    if (this.end - at < 12) return eof ? -1 : 0;
    const b = this.buf;
    const payloadBytes = this.view.getInt32(at + 6, true);
    if (payloadBytes < 0 || b[at + 11] !== GT) return -1;
    const length = 12 + payloadBytes + 8;
    const whole = this.whole(at, length, eof);
    if (whole !== 1) return whole;
    const footer = at + 12 + payloadBytes;
    if (b[footer] !== LT || b[footer + 7] !== GT) return -1;
    for (let i = 0; i < 4; i++) if (b[footer + 1 + i] !== b[at + 2 + i]) return -1;
    let sum = 0;
    for (let i = at + 12; i < footer; i++) sum += b[i];
    if ((sum & 0xffff) !== this.view.getUint16(footer + 5, true)) {
      this.badChecksums++;
      return -1;
    }
    const message: XrkHeaderMessage = { token: tokenText(b, at + 2), version: b[at + 10], payload: b.subarray(at + 12, footer) };
    this.dispatch(message);
    return length;
  }

  private dispatch(message: XrkHeaderMessage): void {
    const p = message.payload;
    if (message.token === 'CHS') this.channel(p);
    else if (message.token === 'GRP') this.group(p);
    else if (message.token === 'CNF' && this.depth < MAX_NESTING) {
      // The configuration: a nested sequence whose CHS and GRP messages size the data messages that follow.
      const nested = new XrkScanner({ onHeader: () => undefined, maxMessageBytes: this.maxMessageBytes }, this.tables, this.depth + 1);
      nested.push(p);
      nested.finish();
      return;
    }
    this.onHeader(message);
  }

  /** A channel definition (112 bytes or more): index [0:2], sample period µs [64:68], bytes per sample [72]. */
  private channel(p: Uint8Array): void {
    if (p.length < 112) return;
    const v = new DataView(p.buffer, p.byteOffset, p.byteLength);
    const index = v.getUint16(0, true);
    // A channel defined twice keeps its first definition (libxrk does the same).
    if (this.tables.sampleBytes.has(index)) return;
    this.tables.sampleBytes.set(index, p[72]);
    this.tables.periodMs.set(index, Math.floor(v.getUint32(64, true) / 1000));
  }

  /** A group: index, count, then `count` channel indices (u16 each), the count checked against the bytes. */
  private group(p: Uint8Array): void {
    if (p.length < 4) return;
    const v = new DataView(p.buffer, p.byteOffset, p.byteLength);
    const index = v.getUint16(0, true);
    const count = v.getUint16(2, true);
    if (p.length < 4 + 2 * count) return;
    let bytes = 0;
    for (let i = 0; i < count; i++) bytes += this.tables.sampleBytes.get(v.getUint16(4 + 2 * i, true)) ?? 0;
    this.tables.groupBytes.set(index, bytes);
  }
}

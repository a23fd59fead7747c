/**
 * Replies ASTRO notifies (docs/device-protocol.md): VERSION, SESSION_NAME, BOF, DATA_<n>_<payload>, EOF, WIFI and
 * ERROR?p=. Bytes in, typed values out; a malformed reply is a `ReplyError` value, never a throw.
 *
 * DATA payloads stay bytes (a view into the notification, no copy, no decode): the transfer counts bytes against
 * BOF's total, and the payload may hold anything (`_`, `;`, newlines). Text replies whose first field is a file
 * name are parsed from the right, so a name containing `;` still decodes.
 */
import { MAX_PACKET_BYTES } from './limits';
import { fromUtf8, utf8 } from './text';

export type FileKind = 'laps' | 'nmea';

export type WifiState =
  | { state: 'CONNECTING' }
  | { state: 'CONNECTED'; ip: string }
  | { state: 'FAILED'; reason: string };

export type Reply =
  | { type: 'version'; version: string }
  | { type: 'session-name'; filename: string; lapsBytes: number; nmeaBytes: number }
  | { type: 'bof'; filename: string; kind: FileKind; totalBytes: number }
  | { type: 'data'; index: number; payload: Uint8Array }
  | { type: 'eof'; filename: string; kind: FileKind; totalBytes: number; highestChunk: number }
  | { type: 'wifi'; wifi: WifiState }
  | { type: 'error'; code: string };

type ReplyErrorCode = 'empty' | 'too-long' | 'unknown-reply' | 'bad-fields' | 'bad-number' | 'bad-kind';
export interface ReplyError {
  type: 'reply-error';
  code: ReplyErrorCode;
  /** The start of the offending text, for logs. */
  detail: string;
}

const D = 0x44, A = 0x41, T = 0x54, UNDERSCORE = 0x5f, ZERO = 0x30, NINE = 0x39;

function fail(code: ReplyErrorCode, detail: string): ReplyError {
  return { type: 'reply-error', code, detail: detail.slice(0, 60) };
}

/** A non-negative decimal integer, or NaN. */
function count(text: string): number {
  return /^\d{1,15}$/.test(text) ? Number(text) : NaN;
}

function kindOf(text: string): FileKind | null {
  return text === 'laps' || text === 'nmea' ? text : null;
}

/** Decodes `DATA_<n>_<payload>` straight from the bytes. */
function decodeData(bytes: Uint8Array): Reply | ReplyError {
  let i = 5;
  let index = 0;
  let digits = 0;
  while (i < bytes.length && bytes[i] >= ZERO && bytes[i] <= NINE) {
    index = index * 10 + (bytes[i] - ZERO);
    i++;
    digits++;
  }
  if (digits === 0 || digits > 9 || i >= bytes.length || bytes[i] !== UNDERSCORE) {
    return fail('bad-fields', fromUtf8(bytes.subarray(0, 24)));
  }
  return { type: 'data', index, payload: bytes.subarray(i + 1) };
}

/** Splits `text` into `head` and the last `n` `;`-separated fields (the head may itself contain `;`). */
function splitRight(text: string, n: number): [string, string[]] | null {
  const tail: string[] = [];
  let end = text.length;
  for (let k = 0; k < n; k++) {
    const at = text.lastIndexOf(';', end - 1);
    if (at < 0) return null;
    tail.unshift(text.slice(at + 1, end));
    end = at;
  }
  return [text.slice(0, end), tail];
}

export function decodeReply(bytes: Uint8Array): Reply | ReplyError {
  if (bytes.length === 0) return fail('empty', '');
  if (bytes.length > MAX_PACKET_BYTES) return fail('too-long', `${bytes.length} bytes`);
  if (bytes.length >= 5 && bytes[0] === D && bytes[1] === A && bytes[2] === T && bytes[3] === A && bytes[4] === UNDERSCORE) {
    return decodeData(bytes);
  }
  const text = fromUtf8(bytes);
  if (text.startsWith('ERROR?p=')) return { type: 'error', code: text.slice(8) };
  const semi = text.indexOf(';');
  const head = semi < 0 ? text : text.slice(0, semi);
  const rest = semi < 0 ? '' : text.slice(semi + 1);
  switch (head) {
    case 'VERSION': {
      if (!/^\d+\.\d+\.\d+/.test(rest)) return fail('bad-fields', text);
      return { type: 'version', version: rest };
    }
    case 'SESSION_NAME': {
      const parts = splitRight(rest, 2);
      if (!parts || parts[0] === '') return fail('bad-fields', text);
      const [lapsBytes, nmeaBytes] = parts[1].map(count);
      if (Number.isNaN(lapsBytes) || Number.isNaN(nmeaBytes)) return fail('bad-number', text);
      return { type: 'session-name', filename: parts[0], lapsBytes, nmeaBytes };
    }
    case 'BOF': {
      const parts = splitRight(rest, 2);
      if (!parts || parts[0] === '') return fail('bad-fields', text);
      const kind = kindOf(parts[1][0]);
      if (!kind) return fail('bad-kind', text);
      const totalBytes = count(parts[1][1]);
      if (Number.isNaN(totalBytes)) return fail('bad-number', text);
      return { type: 'bof', filename: parts[0], kind, totalBytes };
    }
    case 'EOF': {
      const parts = splitRight(rest, 3);
      if (!parts || parts[0] === '') return fail('bad-fields', text);
      const kind = kindOf(parts[1][0]);
      if (!kind) return fail('bad-kind', text);
      const totalBytes = count(parts[1][1]);
      // An empty file has no chunk at all; firmware reports -1 then (tolerated as a number).
      const highestChunk = parts[1][2] === '-1' ? -1 : count(parts[1][2]);
      if (Number.isNaN(totalBytes) || Number.isNaN(highestChunk)) return fail('bad-number', text);
      return { type: 'eof', filename: parts[0], kind, totalBytes, highestChunk };
    }
    case 'WIFI': {
      if (rest === 'CONNECTING') return { type: 'wifi', wifi: { state: 'CONNECTING' } };
      if (rest.startsWith('CONNECTED;')) return { type: 'wifi', wifi: { state: 'CONNECTED', ip: rest.slice(10) } };
      if (rest.startsWith('FAILED;')) return { type: 'wifi', wifi: { state: 'FAILED', reason: rest.slice(7) } };
      if (rest === 'FAILED') return { type: 'wifi', wifi: { state: 'FAILED', reason: '' } };
      return fail('bad-fields', text);
    }
    default:
      return fail('unknown-reply', text);
  }
}

export function isReplyError(value: Reply | ReplyError): value is ReplyError {
  return value.type === 'reply-error';
}

/** Encoders for the device side (simulated ASTRO, BLE e2e peripheral). DATA is built from bytes. */
export const replies = {
  version: (version: string) => utf8(`VERSION;${version}`),
  sessionName: (filename: string, lapsBytes: number, nmeaBytes: number) =>
    utf8(`SESSION_NAME;${filename};${lapsBytes};${nmeaBytes}`),
  bof: (filename: string, kind: FileKind, totalBytes: number) => utf8(`BOF;${filename};${kind};${totalBytes}`),
  eof: (filename: string, kind: FileKind, totalBytes: number, highestChunk: number) =>
    utf8(`EOF;${filename};${kind};${totalBytes};${highestChunk}`),
  wifi: (wifi: WifiState) =>
    utf8(wifi.state === 'CONNECTING' ? 'WIFI;CONNECTING' : wifi.state === 'CONNECTED' ? `WIFI;CONNECTED;${wifi.ip}` : `WIFI;FAILED;${wifi.reason}`),
  error: (code: string) => utf8(`ERROR?p=${code}`),
  data(index: number, payload: Uint8Array): Uint8Array {
    const head = utf8(`DATA_${index}_`);
    const out = new Uint8Array(head.length + payload.length);
    out.set(head, 0);
    out.set(payload, head.length);
    return out;
  },
};

/**
 * How many payload bytes fit in one DATA notification with chunk number `index`.
 * @internal Exported for its tests.
 */
export function dataPayloadCapacity(index: number): number {
  return MAX_PACKET_BYTES - (6 + String(index).length);
}

/**
 * Is a file about to be stored data the library already holds? The same track (positions fingerprint,
 * domain/file-formats/positions-fingerprint.ts) is the same session whatever file it came in - a GPX exported from a
 * session and imported back included - and is never stored twice. A different session whose derived file name is
 * already taken gets a free name instead of overwriting the one stored under it.
 */
import { parsePositionsBytes } from '../../domain/parse-positions';
import { positionsFingerprint } from '../../domain/file-formats/positions-fingerprint';
import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { localSessionSchema, sessionTextsSchema, type LocalSession } from '../db/rows';
import { fromStoredBytes } from './bytes';

export type DuplicateCheck =
  /** Nothing like it stored: store it under its own file name. */
  | { kind: 'new' }
  /** The library holds this data already (as `existing`): store nothing. */
  | { kind: 'same'; existing: LocalSession }
  /** Another session holds the file name: store this one under `filename`. */
  | { kind: 'rename'; filename: string };

/** The fingerprint of stored or incoming position text (device format). */
function fingerprintOfNmea(nmea: ArrayBuffer): string {
  return positionsFingerprint(parsePositionsBytes(new Uint8Array(nmea), { maxIssues: 0 }).positions);
}

const sameBytes = (a: ArrayBuffer, b: ArrayBuffer) => {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};

/** `filename (2)`, `filename (3)`...: the first one not taken. */
function freeFileName(filename: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const candidate = `${filename} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * `contentHash`: the incoming positions' fingerprint when the caller has it (imports); otherwise it is computed
 * from `nmea` only when a stored session of the same file name holds different bytes.
 */
export async function checkDuplicate(
  db: AstroDb,
  ownerId: number,
  incoming: { filename: string; nmea: ArrayBuffer; contentHash?: string | null },
): Promise<DuplicateCheck> {
  const rows = restoreRows('sessions', await db.sessions.where('ownerId').equals(ownerId).toArray(), localSessionSchema);
  if (incoming.contentHash) {
    const same = rows.find((r) => r.contentHash === incoming.contentHash);
    if (same) return { kind: 'same', existing: same };
  }
  const named = rows.find((r) => r.filename === incoming.filename);
  if (!named) return { kind: 'new' };
  if (await holdsSameData(db, named, incoming)) return { kind: 'same', existing: named };
  return { kind: 'rename', filename: freeFileName(incoming.filename, new Set(rows.map((r) => r.filename))) };
}

async function holdsSameData(db: AstroDb, stored: LocalSession, incoming: { nmea: ArrayBuffer; contentHash?: string | null }): Promise<boolean> {
  const texts = stored.hasTexts ? restoreRow('sessionTexts', await db.sessionTexts.get(stored.localId), sessionTextsSchema) : null;
  const storedNmea = texts ? await fromStoredBytes(texts.nmea) : null;
  // The device sending the same file again: the very same bytes.
  if (storedNmea && sameBytes(storedNmea, incoming.nmea)) return true;
  const incomingHash = incoming.contentHash ?? fingerprintOfNmea(incoming.nmea);
  const storedHash = stored.contentHash ?? (storedNmea ? fingerprintOfNmea(storedNmea) : null);
  // A server session whose texts are not here yet, never analysed: its size is all there is to compare.
  if (storedHash === null) return stored.nmeaBytes === incoming.nmea.byteLength;
  return storedHash === incomingHash;
}

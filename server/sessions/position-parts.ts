import { randomUUID } from 'node:crypto';
import { Utf8Text, type Db, type Queryable } from '../db/db';

/**
 * A session's position text (up to 40 MiB) in the table session_position_parts, in parts of at most PART_BYTES.
 * An upload's parts are staged before its transaction under a key of their own, then claimed by the session in
 * it. On the embedded database (one statement at a time) each part is a statement of its own, so other requests'
 * statements run between them: one 40 MiB statement held them all for about a second and grew the WASM memory by
 * a few hundred MB for good. On PostgreSQL they are written in one transaction (one commit, not one per part) on
 * a connection of their own, which keeps no one else waiting; parts also spare the pg driver building one 40 MiB
 * message on the event loop.
 */

/**
 * Bytes of UTF-8 a part holds at most (a few ms of the embedded database's time to write).
 * @internal Exported for its tests and benchmarks.
 */
export const PART_BYTES = 256 * 1024;
/** Parts read per statement (8 MiB). */
const PARTS_PER_READ = 32;

/**
 * [from, to) byte ranges of at most `partBytes`, never inside a UTF-8 character.
 * @internal Exported for its tests.
 */
export function partRanges(bytes: Uint8Array, partBytes = PART_BYTES): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let from = 0; from < bytes.length; ) {
    let to = Math.min(bytes.length, from + partBytes);
    // Not inside a character: step back over continuation bytes (10xxxxxx).
    while (to < bytes.length && to > from + 1 && (bytes[to] & 0xc0) === 0x80) to--;
    ranges.push([from, to]);
    from = to;
  }
  return ranges;
}

const INSERT_STAGED = 'insert into session_position_parts (upload_key, seq, part) values ($1, $2, $3)';

/**
 * Stages `bytes` (UTF-8) as an upload's parts and runs `fn` with their key (it claims them with claimPositions in
 * its transaction); whatever `fn` did not claim is removed when it ends, resolved or thrown. Parts an upload left
 * behind when the process stopped mid-way are removed by the next upload, an hour later.
 */
export async function withStagedPositions<T>(db: Db, bytes: Uint8Array, fn: (key: string) => Promise<T>): Promise<T> {
  const key = randomUUID();
  const ranges = partRanges(bytes);
  try {
    await db.query(`delete from session_position_parts where upload_key is not null and staged_at < now() - interval '1 hour'`);
    if (db.kind === 'pglite') {
      for (const [seq, [from, to]] of ranges.entries()) await db.query(INSERT_STAGED, [key, seq, new Utf8Text(bytes.subarray(from, to))]);
    } else {
      await db.tx(async (q) => {
        for (const [seq, [from, to]] of ranges.entries()) await q.query(INSERT_STAGED, [key, seq, new Utf8Text(bytes.subarray(from, to))]);
      });
    }
    return await fn(key);
  } finally {
    await db.query('delete from session_position_parts where upload_key = $1', [key]);
  }
}

/** Makes the staged parts of `key` the session's position text, in place of any it had. In the upload's transaction. */
export async function claimPositions(q: Queryable, sessionId: number, key: string): Promise<void> {
  await q.query('delete from session_position_parts where session_id = $1', [sessionId]);
  await q.query('update session_position_parts set session_id = $1, upload_key = null where upload_key = $2', [sessionId, key]);
}

/** The session's position text ('' when it has none), read PARTS_PER_READ parts a statement. */
export async function readPositions(q: Queryable, sessionId: number): Promise<string> {
  const parts: string[] = [];
  for (let from = 0; ; from += PARTS_PER_READ) {
    const rows = await q.query<{ part: string }>(
      'select part from session_position_parts where session_id = $1 and seq >= $2 and seq < $3 order by seq',
      [sessionId, from, from + PARTS_PER_READ],
    );
    for (const r of rows) parts.push(r.part);
    if (rows.length < PARTS_PER_READ) return parts.join('');
  }
}

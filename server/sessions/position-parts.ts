import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import type { Db, Queryable } from '../db/db';

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/**
 * A session's position text (up to 40 MiB) in the table session_position_parts, in parts of at most PART_BYTES.
 * An upload's parts are staged before its transaction under a key of their own, then claimed by the session in
 * it. On the embedded database (one statement at a time) each part is a statement of its own, so other requests'
 * statements run between them: one 40 MiB statement held them all for about a second and grew the WASM memory by
 * a few hundred MB for good. On PostgreSQL they are written in one transaction (one commit, not one per part) on
 * a connection of their own, which keeps no one else waiting; parts also spare the pg driver building one 40 MiB
 * message on the event loop.
 *
 * A part is stored deflated (zlib at its fastest level, in `packed`; PostgreSQL does not compress it again): done on
 * Node's thread pool a part ahead of the one being written, it spares the database compressing the text itself
 * (pglz: most of the time a 7 h session took to store on the embedded database), and keeps it smaller (33 % of a
 * real session's text, where pglz kept 39 %). Parts stored before are text (`part`).
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

const INSERT_STAGED = "insert into session_position_parts (upload_key, seq, packed) values ($1, $2, decode($3, 'base64'))";
/** zlib's fastest level: the text still shrinks to about a third. */
const PACK_LEVEL = 1;
/** Parts deflated at once on the thread pool, ahead of the one being written. */
const PACKING_AHEAD = 2;

/**
 * The parts of `bytes` deflated, in order, as base64 (the embedded database takes a long text parameter far faster
 * than a bytea one): up to PACKING_AHEAD compressing on the thread pool while the caller writes the one before.
 */
async function* packedParts(bytes: Uint8Array): AsyncGenerator<string> {
  const ranges = partRanges(bytes);
  const pending: Array<Promise<Buffer>> = [];
  let next = 0;
  const fill = () => {
    while (next < ranges.length && pending.length < PACKING_AHEAD) {
      const [from, to] = ranges[next++];
      const part = deflated(bytes.subarray(from, to), { level: PACK_LEVEL });
      // Awaited in order below; one left behind by a failed write must not be an unhandled rejection.
      part.catch(() => undefined);
      pending.push(part);
    }
  };
  fill();
  while (pending.length) {
    const part = await pending.shift()!;
    fill();
    yield part.toString('base64');
  }
}

/**
 * Stages `bytes` (UTF-8) as an upload's parts and runs `fn` with their key (it claims them with claimPositions in its
 * transaction); whatever `fn` did not claim is removed when it ends, resolved or thrown. Parts an upload left
 * behind when the process stopped mid-way are removed by the next upload, an hour later.
 */
export async function withStagedPositions<T>(db: Db, bytes: Uint8Array, fn: (key: string) => Promise<T>): Promise<T> {
  const key = randomUUID();
  try {
    await db.query(`delete from session_position_parts where upload_key is not null and staged_at < now() - interval '1 hour'`);
    const writeAll = async (q: Queryable) => {
      let seq = 0;
      for await (const part of packedParts(bytes)) await q.query(INSERT_STAGED, [key, seq++, part]);
    };
    if (db.kind === 'pglite') await writeAll(db);
    else await db.tx(writeAll);
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

/**
 * The session's position text ('' when it has none), read PARTS_PER_READ parts a statement, each inflated on the
 * thread pool (a part stored before packing is its text already).
 */
export async function readPositions(q: Queryable, sessionId: number): Promise<string> {
  const parts: Array<Promise<string>> = [];
  for (let from = 0; ; from += PARTS_PER_READ) {
    const rows = await q.query<{ part: string | null; packed: Uint8Array | null }>(
      'select part, packed from session_position_parts where session_id = $1 and seq >= $2 and seq < $3 order by seq',
      [sessionId, from, from + PARTS_PER_READ],
    );
    for (const r of rows) parts.push(r.packed === null ? Promise.resolve(r.part ?? '') : inflated(r.packed).then((b) => b.toString('utf8')));
    if (rows.length < PARTS_PER_READ) return (await Promise.all(parts)).join('');
  }
}

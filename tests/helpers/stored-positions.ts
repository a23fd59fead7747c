import { inflateSync } from 'node:zlib';
import type { Queryable } from '../../server/db/db';

/**
 * A session's stored position parts read straight from the table, in order, each as its UTF-8 bytes: a packed part
 * inflated here with zlib, a part from before packing as its text. Independent of the server's own reader.
 */
export async function storedPositionParts(db: Queryable, sessionId: number): Promise<Array<{ seq: number; bytes: Buffer }>> {
  const rows = await db.query<{ seq: number; part: string | null; packed: Uint8Array | null }>(
    'select seq, part, packed from session_position_parts where session_id = $1 order by seq',
    [sessionId],
  );
  return rows.map((r) => ({ seq: r.seq, bytes: r.packed === null ? Buffer.from(r.part ?? '', 'utf8') : inflateSync(r.packed) }));
}

/** The session's position text as stored, joined from its parts ('' when it has none). */
export async function storedPositionText(db: Queryable, sessionId: number): Promise<string> {
  return Buffer.concat((await storedPositionParts(db, sessionId)).map((p) => p.bytes)).toString('utf8');
}

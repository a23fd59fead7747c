/**
 * The worker thread that owns the embedded database (pglite-db.ts, openPgliteDbInThread): PGlite runs PostgreSQL
 * compiled to WASM synchronously on the thread that calls it, so on the event loop one 40 MiB session insert held
 * every other request for ~1 s (text input, TOAST compression, WAL). Here it holds only this thread. Messages in:
 * `{ id, op: 'query' | 'exec' | 'close', sql, params }`; out: `{ id, rows }` or `{ id, error }` (the error's own
 * fields: PostgreSQL's code, detail, constraint... as pgErrorCode and the routes read them).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from '../collect-garbage';
import type { Db } from './db';
import { DatabaseFolderError, openPgliteDb, type ThreadReply, type ThreadRequest } from './pglite-db';

/** An error as plain fields (message and stack are not enumerable). */
function errorFields(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  return { ...Object.fromEntries(Object.entries(e).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))), message: e.message, name: e.name };
}

/** A value this long (characters or bytes) counts as big: a position-text part is written as ~110 kB of base64, read as ~80 kB. */
const BIG_TEXT = 64 * 1024;
/** A parameter's or a column's size when it is big (a bytea's is held twice here: its bytes and its hex text), else 0. */
const bigSize = (v: unknown): number => {
  const size = typeof v === 'string' ? v.length : v instanceof Uint8Array ? 2 * v.byteLength : 0;
  return size >= BIG_TEXT ? size : 0;
};
/** Big text handled after which the thread collects its garbage (a full collection takes a few ms here). */
const BIG_TEXT_BEFORE_COLLECTION = 16 * 1024 * 1024;
/**
 * Quiet time (ms, no statement asked) after which the thread collects what big text is left. Collected on the
 * commit instead, the collection (30-50 ms on a busy 2-core machine) came straight after the transaction, and a
 * request queued behind the transaction waited for both.
 */
const IDLE_BEFORE_COLLECTION_MS = 100;

async function serve(): Promise<void> {
  const port = parentPort!;
  let db: Db;
  try {
    db = await openPgliteDb((workerData as { dir: string }).dir);
  } catch (e) {
    // A damaged folder is reported by the opener again, with PGlite's own words as the cause.
    const error = e instanceof DatabaseFolderError ? { ...errorFields(e.cause), folder: true } : errorFields(e);
    port.postMessage({ id: 0, error } satisfies ThreadReply);
    port.close();
    return;
  }
  port.postMessage({ id: 0, rows: [] } satisfies ThreadReply);
  // Opening leaves the WASM module's file and the data folder's reads behind as garbage (tens of MB): gone now
  // rather than whenever the heap next needs room, so an idle server does not hold them.
  setTimeout(collectGarbage, 200);
  /** Characters of big texts (position-text parts written or read) handled since the last full collection. */
  let bigText = 0;
  let running = 0;
  let idle: NodeJS.Timeout | undefined;
  const collect = () => {
    bigText = 0;
    collectGarbage();
  };
  port.on('message', (m: ThreadRequest) => {
    clearTimeout(idle);
    running++;
    const run = async (): Promise<unknown[]> => {
      if (m.op === 'query') {
        for (const p of m.params ?? []) bigText += bigSize(p);
        const rows = await db.query(m.sql!, m.params ?? []);
        for (const row of rows) for (const v of Object.values(row as object)) bigText += bigSize(v);
        return rows;
      }
      if (m.op === 'close') await db.close();
      else await db.exec(m.sql!);
      return [];
    };
    run().then(
      (rows) => port.postMessage({ id: m.id, rows } satisfies ThreadReply),
      (e: unknown) => port.postMessage({ id: m.id, error: errorFields(e) } satisfies ThreadReply),
    ).finally(() => {
      running--;
      // Closed: the thread ends once its answer is out.
      if (m.op === 'close') return port.close();
      // Parts are big strings, kept by V8 until a full collection: collected every BIG_TEXT_BEFORE_COLLECTION
      // handled, and once the thread has been quiet a moment after some, so it does not hold a session's text for long.
      if (bigText >= BIG_TEXT_BEFORE_COLLECTION) collect();
      // (A statement that comes meanwhile clears the timer, so when it fires the thread is still quiet.)
      else if (bigText > 0 && running === 0) idle = setTimeout(collect, IDLE_BEFORE_COLLECTION_MS);
    });
  });
}

void serve();

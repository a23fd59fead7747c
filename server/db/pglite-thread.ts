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
import { DatabaseFolderError, openPgliteDb, type ThreadReply, type ThreadRequest, type Utf8Param } from './pglite-db';

const isUtf8Param = (p: unknown): p is Utf8Param => typeof p === 'object' && p !== null && !ArrayBuffer.isView(p) && (p as Utf8Param).utf8 instanceof Uint8Array;
const decode = (p: unknown) => (isUtf8Param(p) ? Buffer.from(p.utf8.buffer, p.utf8.byteOffset, p.utf8.byteLength).toString('utf8') : p);

/** An error as plain fields (message and stack are not enumerable). */
function errorFields(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: String(e) };
  return { ...Object.fromEntries(Object.entries(e).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))), message: e.message, name: e.name };
}

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
  let partsSeen = false;
  port.on('message', (m: ThreadRequest) => {
    const run = async (): Promise<unknown[]> => {
      if (m.op === 'query') {
        if (m.params?.some(isUtf8Param)) partsSeen = true;
        return db.query(m.sql!, (m.params ?? []).map(decode));
      }
      if (m.op === 'close') await db.close();
      else await db.exec(m.sql!);
      // A transaction that wrote a position text is over: its parts' strings and shared bytes go now.
      if (partsSeen && m.op === 'exec' && /^(commit|rollback)$/i.test(m.sql!.trim())) {
        partsSeen = false;
        collectGarbage();
      }
      return [];
    };
    run().then(
      (rows) => port.postMessage({ id: m.id, rows } satisfies ThreadReply),
      (e: unknown) => port.postMessage({ id: m.id, error: errorFields(e) } satisfies ThreadReply),
    ).finally(() => {
      // Closed: the thread ends once its answer is out.
      if (m.op === 'close') port.close();
    });
  });
}

void serve();

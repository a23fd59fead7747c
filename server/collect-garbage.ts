import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection now, for a worker thread that has just let go of tens of MB (a 40 MiB body's text,
 * parsed value and shared blocks). Left to V8, a worker whose heap may grow to hundreds of MB collects them only
 * when it next needs room, and shared memory is freed only when every thread holding it has collected its handle:
 * the process's memory kept growing by upload after upload. A full collection of a heap that is mostly such garbage
 * takes a few ms, in the worker. (--expose-gc cannot be given to a worker thread; the flag is set here instead.)
 */
let gc: (() => void) | undefined;
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

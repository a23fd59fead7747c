import { availableParallelism } from 'node:os';

/** Request bodies: 1 MB everywhere except session uploads (a 7 h session is ~25 MB of text, inflated size). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const SESSION_BODY_LIMIT = 40 * 1024 * 1024;
/** Session uploads (POST/PUT /sessions) one user may have in progress at once; more are answered 429. */
export const CONCURRENT_UPLOADS_PER_USER = 2;
/**
 * Threads that parse session uploads (upload-pool.ts), one fewer than the cores (the event loop keeps one), at
 * least 1, at most 4; and as many session uploads in progress in one server process, all users together
 * (upload-gate.ts): a 40 MiB body and a worker's heap each, so memory under load is bounded by this rather than
 * by the number of racers. A body read beyond the threads would only wait in memory for one (on 2 cores, two
 * 40 MiB uploads at once grew the process by ~250 MB, one at a time by ~130 MB). Up to UPLOADS_WAITING_MAX more
 * wait their turn before their body is read (its bytes wait in the network); beyond that, 503.
 */
export const UPLOAD_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
export const UPLOADS_WAITING_MAX = 32;
/**
 * Lingering close after an answer given before the body's end (e.g. 413): the client's remaining bytes are read
 * and discarded for at most this long (ms) and this many bytes, so that it sees the answer rather than a reset.
 */
export const LINGER_MAX_MS = 5_000;
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;

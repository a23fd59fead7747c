import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

/**
 * A server-wide bound on session uploads in progress (per process), whoever sends them: at most `inFlight` are read,
 * parsed and stored at once, each holding up to its 40 MiB body in memory and a worker's heap besides; the next
 * `maxWaiting` wait their turn in arrival order before their body is read (the client's bytes wait in the network,
 * not in this process's memory), and beyond those a 503 with Retry-After. Per-user slots (upload-slots.ts) still
 * keep one account from taking every place. An onRequest hook after the login, slot and quota checks; a place is
 * given back when the response is closed, sent or not, and a waiting request whose client goes away leaves the
 * queue.
 */
export function uploadGate(inFlight: number, maxWaiting: number) {
  let running = 0;
  const waiting: Array<{ go: () => void; gone: () => boolean }> = [];
  const next = () => {
    while (running < inFlight && waiting.length > 0) {
      const w = waiting.shift()!;
      if (w.gone()) continue;
      running += 1;
      w.go();
    }
  };
  return {
    /** Uploads in progress and waiting (for tests and diagnostics). */
    state: () => ({ running, waiting: waiting.length }),
    async take(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      let holding = false;
      reply.raw.once('close', () => {
        if (!holding) return;
        running -= 1;
        next();
      });
      if (running < inFlight) {
        running += 1;
        holding = true;
        return;
      }
      if (waiting.length >= maxWaiting) {
        void reply.header('retry-after', '5');
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'uploadsBusy');
      }
      const closed = () => request.raw.destroyed || reply.raw.destroyed;
      await new Promise<void>((resolve, reject) => {
        const entry = {
          go: () => {
            holding = true;
            resolve();
          },
          gone: closed,
        };
        waiting.push(entry);
        request.raw.once('close', () => {
          if (holding) return;
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
          reject(new ApiError(400, 'BAD_REQUEST', 'clientWentAway'));
        });
      });
    },
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { caller } from '../auth/guard';
import { ApiError } from '../errors';

/**
 * At most `limit` session uploads of one user in progress at once (per server process). A body may inflate to
 * 40 MiB and then be decoded, parsed and stored: the app sends one at a time (its sync queue is sequential), so
 * a limit of 2 never gets in its way but bounds what one account can make the server do at once.
 * An onRequest hook after `authenticate`: a refused upload is answered before its body is read. The slot is
 * given back when the response is closed, whether it was sent or the client went away.
 */
export function uploadSlots(limit: number) {
  const inUse = new Map<number, number>();
  const release = (userId: number) => {
    const n = (inUse.get(userId) ?? 1) - 1;
    if (n > 0) inUse.set(userId, n);
    else inUse.delete(userId);
  };
  return {
    /** Uploads of this user in progress. */
    inUse: (userId: number) => inUse.get(userId) ?? 0,
    async take(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const userId = caller(request).id;
      const n = inUse.get(userId) ?? 0;
      if (n >= limit) {
        void reply.header('retry-after', '5');
        throw new ApiError(429, 'RATE_LIMITED', { id: 'uploadsAtOnce', params: { limit } });
      }
      inUse.set(userId, n + 1);
      reply.raw.once('close', () => release(userId));
    },
  };
}

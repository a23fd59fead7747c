import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** Per-route limits only (routes opt in through `config.rateLimit`); no global limit on data calls. */
async function rateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} minute(s).`,
    }),
  });
}

export default fp(rateLimits, { name: 'rate-limits' });

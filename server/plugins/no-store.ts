import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every API answer that does not set its own: most carry personal data (profile,
 * sessions, tokens, teams) that no browser, proxy or shared cache may keep. The few public answers that may be
 * cached (map configuration) say so themselves. The app's offline copies live in IndexedDB, not the HTTP cache.
 */
async function noStore(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}

export default fp(noStore, { name: 'no-store' });

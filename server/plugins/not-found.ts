import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors';

interface NotFoundOptions {
  /** The built app's folder (absolute), when it is served: unknown non-API GETs then get its index.html. */
  staticDir?: string;
}

/** 404 `{message, code, messageId}` for unknown URLs, or the SPA fallback for client routes when the app is served. */
async function notFound(app: FastifyInstance, { staticDir }: NotFoundOptions): Promise<void> {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (staticDir && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api') {
      // SPA fallback: client routes are resolved by the app (and its service worker).
      void reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
      return;
    }
    void reply.status(404).send(errorBody('NOT_FOUND', 'notFound'));
  });
}

export default fp(notFound, { name: 'not-found' });

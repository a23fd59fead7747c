import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

interface StaticFilesOptions {
  /** The built app's folder (absolute). */
  root: string;
}

/**
 * Serves the built app. Hashed assets are cached for a year; the service worker, HTML and manifest are revalidated
 * on every load so a new version is found.
 */
async function staticFiles(app: FastifyInstance, { root }: StaticFilesOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz copies of the hashed assets (vite.config.ts, precompressAssets): sent as they
    // are, not compressed again per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const rel = filePath.slice(root.length).replace(/\\/g, '/');
      if (rel === '/sw.js' || rel.endsWith('.html') || rel.endsWith('.webmanifest')) reply.header('cache-control', 'no-cache');
      else if (rel.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

export default fp(staticFiles, { name: 'static-files' });

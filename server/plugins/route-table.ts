import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (method and URL pattern), for the authorization-matrix test and diagnostics. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

/** Records every route registered after it (register it before the routes). */
async function routeTable(app: FastifyInstance): Promise<void> {
  const table: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
}

export default fp(routeTable, { name: 'route-table' });

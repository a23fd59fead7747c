import type { FastifyInstance } from 'fastify';

/**
 * GET /api/map-config (public): the tile server this deployment uses (TILE_URL), so the map follows the server's
 * configuration at run time; the Content-Security-Policy allows the same host (app.ts). The app remembers the
 * answer for offline starts (src/ui/map/map-config.ts). Short cache: a changed TILE_URL reaches clients quickly.
 */
export default async function mapConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/map-config', async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return { tileUrl: app.config.tileUrl };
  });
}

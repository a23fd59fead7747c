import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's security headers with the app's Content-Security-Policy: the app loads its own resources only, plus
 * map tiles from the configured tile server.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const { tileUrl, appUrl } = app.config;
  const tileOrigin = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  const tileHosts = [tileOrigin];
  // The OSM default is served from a, b, c subdomains too.
  if (tileUrl.includes('{s}')) tileHosts.push(tileOrigin.replace(/\/\/a\./, '//*.'));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts],
        // Tiles are fetched too, not only shown: by the service worker (its tile cache; a worker's fetches fall under
        // connect-src) and by the page when a racer keeps a circuit's map for offline.
        connectSrc: ["'self'", ...tileHosts],
        // Mantine injects style tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: appUrl.startsWith('https:') ? [] : null,
      },
    },
    // The app loads its own resources only; COEP would block OSM tiles.
    crossOriginEmbedderPolicy: false,
    hsts: appUrl.startsWith('https:'),
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

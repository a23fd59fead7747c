import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/server-harness';

/** The map's tile server is the deployment's TILE_URL, announced to the app and allowed by the CSP. */
let h: Harness;
const TILE_URL = 'https://tiles.example.org/osm/{z}/{x}/{y}.png';

beforeAll(async () => {
  h = await createHarness({ env: { TILE_URL } });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/map-config', () => {
  it('announces TILE_URL to anyone, briefly cacheable, and the CSP allows images from its host', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/map-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: TILE_URL });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const csp = String(res.headers['content-security-policy']);
    expect(/img-src[^;]*https:\/\/tiles\.example\.org/.test(csp)).toBe(true);
  });

  it('lets the service worker and the page fetch tiles from its host (the tile cache, keeping a map for offline)', async () => {
    const res = await h.inject({ method: 'GET', url: '/sw.js' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.example\.org(;|$)/);
  });
});

/**
 * The sessions map without signal, in Chromium against the built app: tiles come from a local test tile server
 * (the server's TILE_URL). 'Keep this circuit's map for offline' fetches a bounded tile set (at most 300, two at a
 * time) into the kept cache; offline, with the tile server gone too, the map draws its tiles from there. When no
 * tile comes at all, the circuit's outline is drawn from the laps and the map says it is offline; a map of gates
 * only says that instead.
 * Screenshots at 1280x800 and 390x844 in en-us and pt-pt (tests/.artifacts/map-offline-*.png).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { controlledByServiceWorker, startE2E, unexpectedErrors, type E2E } from './harness';
import { activeRustaviSession, rustaviDevices } from './session-import';

/** A 1x1 PNG: every tile the test server answers. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let e2e: E2E;
let tileServer: Server;
/** Tile requests the test server answered. */
const served = { count: 0 };

beforeAll(async () => {
  tileServer = createServer((req, res) => {
    served.count++;
    // A little latency, as a real tile server has.
    setTimeout(() => {
      if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }).end(TILE_PNG);
    }, 5);
  });
  await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
  const port = (tileServer.address() as AddressInfo).port;
  e2e = await startE2E({ serviceWorker: true, tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  tileServer?.closeAllConnections();
  await new Promise((resolve) => tileServer?.close(resolve));
});


/**
 * One racer for the variants where no tile comes, the Rustavi session imported once; its browser never asks for a
 * tile online (the first test's keeps them, in a browser of its own).
 */
const deviceIn = rustaviDevices(() => e2e);

const mapState = (page: Page) => page.getByTestId('track-map').getAttribute('data-tiles');

describe('the sessions map without signal', () => {
  it("keeps a circuit's tiles on request and draws them offline with the tile server gone", async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await activeRustaviSession(e2e, page, 'en-us');
    await controlledByServiceWorker(page);
    await page.getByRole('link', { name: 'Map' }).first().click();
    await page.waitForURL(/\/sessions\/map/);
    await expect.poll(() => mapState(page), { timeout: 30_000 }).toBe('online');

    const before = served.count;
    await page.getByRole('button', { name: "Keep this circuit's map for offline" }).click();
    await page.getByTestId('keep-offline-done').waitFor({ timeout: 60_000 });
    const kept = Number(/^(\d+) map tiles kept/.exec((await page.getByTestId('keep-offline-done').textContent()) ?? '')?.[1]);
    expect(kept).toBeGreaterThan(10);
    expect(kept).toBeLessThanOrEqual(300);
    // Bounded: the kept set stays under the cap (the map's own view tiles may add a few requests meanwhile).
    expect(served.count - before).toBeLessThanOrEqual(300);
    expect(await page.evaluate(async () => (await (await caches.open('map-tiles-kept')).keys()).length)).toBe(kept);
    await e2e.screenshot(page, 'map-offline-kept-tablet-en-us');

    // No signal, and the tile server gone: the map comes back from the kept tiles.
    await context.setOffline(true);
    tileServer.closeAllConnections();
    const countOffline = served.count;
    await page.getByRole('link', { name: 'Analysis' }).first().click();
    await page.waitForURL(/\/sessions\/analysis/);
    await page.getByRole('link', { name: 'Map' }).first().click();
    await page.waitForURL(/\/sessions\/map/);
    await expect.poll(() => mapState(page), { timeout: 30_000 }).toBe('online');
    expect(await page.getByTestId('map-offline').count()).toBe(0);
    expect(served.count).toBe(countOffline);
    await e2e.screenshot(page, 'map-offline-from-kept-tablet-en-us');
    await context.setOffline(false);
    // Before the server's TILE_URL is known the map asks the build's default server, which the CSP refuses.
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
    await context.close();
  });

  for (const [width, height, size] of [
    [1280, 800, 'tablet'],
    [390, 844, 'phone'],
  ] as const) {
    for (const locale of ['en-us', 'pt-pt'] as const) {
      it(`draws the circuit's outline from the laps and says the map is offline when no tile comes (${locale}, ${width}x${height})`, async () => {
        const { page, context, errors } = await deviceIn('tablet', locale);
        await page.setViewportSize({ width, height });
        await controlledByServiceWorker(page);
        await context.setOffline(true);
        await page.goto(e2e.url('/sessions/map')).catch(() => undefined); // offline: the service worker serves the app shell
        const map = page.getByTestId('track-map');
        await expect.poll(() => mapState(page), { timeout: 30_000 }).toBe('offline');
        const notice = page.getByTestId('map-offline');
        expect(await notice.textContent()).toBe(locale === 'en-us' ? 'Map offline: no map tiles came. The circuit is drawn from the laps.' : 'Mapa offline: os mosaicos do mapa não chegaram. O circuito é desenhado a partir das voltas.');
        expect(Number(await map.getAttribute('data-trace-features'))).toBeGreaterThan(0);
        // Min/max speed labels say their unit.
        await page.getByRole('switch', { name: locale === 'en-us' ? 'Min/max speed' : 'Velocidade mín./máx.' }).check({ force: true });
        await e2e.screenshot(page, `map-offline-${size}-${locale}`);
        // A map of gates only (the circuits list; the admin's circuit editor is the same map) has no laps to draw
        // from: its notice says what is drawn instead.
        await page.goto(e2e.url('/circuits')).catch(() => undefined);
        await page.locator('[data-circuit-id] button').first().click();
        await expect.poll(() => mapState(page), { timeout: 30_000 }).toBe('offline');
        expect(await page.getByTestId('map-offline').textContent()).toBe(
          locale === 'en-us' ? 'Map offline: no map tiles came. The gates are drawn without a background map.' : 'Mapa offline: os mosaicos do mapa não chegaram. As portas são desenhadas sem mapa de fundo.',
        );
        await e2e.screenshot(page, `map-offline-gates-${size}-${locale}`);
        await context.setOffline(false);
        // Before the server's TILE_URL is known the map asks the build's default server, which the CSP refuses.
        expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
      });
    }
  }
});

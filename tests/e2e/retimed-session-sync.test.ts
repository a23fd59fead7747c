/**
 * A session already uploaded, re-timed on this device while offline (gates drawn on the map, 'Save gates'): once the
 * network is back the app sends it to the server by itself, and the leaderboard shows the re-timed best, the same
 * one the lap viewer shows. Before, the re-timing stayed in this browser and the leaderboard kept the old best.
 * The same log imported once more is then recognised as that session and leaves it as it is.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lapText } from '../../src/features/leaderboards/leaderboard-view';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { storedCircuitNames } from './stored-circuits';
import { RUSTAVI_VBO } from './vbo-fixture';

const VBO = RUSTAVI_VBO;
const CIRCUIT = 'Rustavi International Motorpark';

let e2e: E2E;
beforeAll(async () => {
  // Its own server: a leaderboard ranks every racer's sessions on the server.
  e2e = await startE2E({ serviceWorker: true, ownServer: true });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

interface ServerSession {
  id: number;
  bestLapMs: number | null;
  laps?: string;
}

async function serverApi<T>(email: string, password: string, path: string): Promise<T> {
  const login = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(e2e.url(`/api${path}`), { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The laps text of the only session in this browser's IndexedDB (plain IndexedDB API, no app hook). */
function storedLapsText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('astro-companion');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<{ laps: Blob | ArrayBuffer }[]>((resolve, reject) => {
      const req = db.transaction('sessionTexts').objectStore('sessionTexts').getAll();
      req.onsuccess = () => resolve(req.result as { laps: Blob | ArrayBuffer }[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    const laps = rows[0].laps;
    return laps instanceof Blob ? laps.text() : new TextDecoder().decode(laps);
  });
}

/**
 * A point of the drawn laps on the screen: the map's canvases are read (offline, no tile was drawn, so none is
 * tainted) and the opaque pixel with the most opaque neighbours is taken, where the laps lie on one another, among
 * those a click reaches.
 */
function lapPixel(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="track-map"]');
    let best: { x: number; y: number; score: number } | null = null;
    for (const canvas of root ? [...root.querySelectorAll('canvas')] : []) {
      let data: Uint8ClampedArray;
      try {
        data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      } catch {
        continue;
      }
      const rect = canvas.getBoundingClientRect();
      const alpha = (x: number, y: number) => data[(y * canvas.width + x) * 4 + 3];
      const r = 6;
      for (let y = r; y < canvas.height - r; y += 3) {
        for (let x = r; x < canvas.width - r; x += 3) {
          if (alpha(x, y) < 200) continue;
          let score = 0;
          for (let dy = -r; dy <= r; dy += 2) for (let dx = -r; dx <= r; dx += 2) if (alpha(x + dx, y + dy) > 100) score++;
          if (best && score <= best.score) continue;
          const px = rect.left + (x * rect.width) / canvas.width;
          const py = rect.top + (y * rect.height) / canvas.height;
          // Only where a click reaches the map, not an overlay drawn over it (the draw hint, the offline notice).
          if (document.elementFromPoint(px, py)?.tagName !== 'CANVAS') continue;
          best = { x: px, y: py, score };
        }
      }
    }
    return best && { x: best.x, y: best.y };
  });
}

describe('a session re-timed after its upload', () => {
  it('gates saved offline re-time it, and once online the leaderboard shows its new best', async () => {
    const { page, context, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const user = await e2e.signUpAndVerify(undefined, undefined, 'Gina');
    await e2e.login(page, user.email, user.password);
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    // The circuits reach IndexedDB after sign-in; the import needs Rustavi's gates.
    await expect.poll(async () => (await storedCircuitNames(page)).includes(CIRCUIT), { timeout: 20_000 }).toBe(true);
    await page.locator('input[type=file]').setInputFiles({ name: 'rustavi.vbo', mimeType: 'text/plain', buffer: Buffer.from(VBO) });
    await page.getByText(/Imported .* with \d+ laps/).last().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await serverApi<ServerSession[]>(user.email, user.password, '/sessions'))[0]?.bestLapMs ?? null, { timeout: 60_000 }).not.toBeNull();
    const [before] = await serverApi<ServerSession[]>(user.email, user.password, '/sessions');

    // Offline (once the service worker serves the app, as it does at the track): the map of this session, its
    // gates replaced by one start/finish drawn on the laps, saved.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await page.getByText('Sessions library').waitFor();
    await context.setOffline(true);
    const key = await page.locator('tr[data-row-key]').first().getAttribute('data-row-key');
    await page.getByTestId(`activate-${key}`).click();
    await page.getByRole('link', { name: 'Open map' }).click();
    const map = page.getByTestId('track-map');
    await map.waitFor({ timeout: 30_000 });
    await expect.poll(async () => Number(await map.getAttribute('data-trace-features')), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Toggle Draw' }).click();
    await page.getByText('Snap to laps').click();
    await page.getByRole('button', { name: 'Clear gates' }).click();
    await expect.poll(async () => Number(await map.getAttribute('data-gates'))).toBe(0);
    // The map has drawn itself without the gates (its render-complete lists no gate), so the point found is on a lap.
    await expect.poll(() => map.getAttribute('data-gate-pixels'), { timeout: 15_000 }).toBe('[]');
    const point = await lapPixel(page);
    expect(point).not.toBeNull();
    await page.mouse.click(point!.x, point!.y);
    await expect.poll(async () => Number(await map.getAttribute('data-gates'))).toBe(1);
    await page.getByTestId('save-gates').click();
    await page.getByText(/Gates saved: \d+ laps re-timed/).waitFor({ timeout: 30_000 });
    const retimed = await storedLapsText(page);
    const [stillOld] = await serverApi<ServerSession[]>(user.email, user.password, '/sessions');
    expect(stillOld.bestLapMs).toBe(before.bestLapMs);

    // Online again: the app sends the re-timed session by itself; the server's best (the leaderboard's) follows.
    await context.setOffline(false);
    await expect
      .poll(async () => (await serverApi<ServerSession>(user.email, user.password, `/sessions/${before.id}`)).laps, { timeout: 60_000 })
      .toBe(retimed);
    const [after] = await serverApi<ServerSession[]>(user.email, user.password, '/sessions');
    expect(after.id).toBe(before.id);
    expect(after.bestLapMs).not.toBeNull();
    expect(after.bestLapMs).not.toBe(before.bestLapMs);

    await page.goto(e2e.url('/leaderboards'));
    await page.getByLabel('Circuit', { exact: true }).first().click();
    await page.getByRole('option', { name: CIRCUIT, exact: true }).click();
    await page.getByTestId('show-leaderboard').click();
    const table = page.getByTestId('leaderboard-table');
    const cells = table.locator('tbody tr').filter({ hasText: 'Gina' }).locator('td');
    await expect.poll(async () => (await cells.count()) > 2 && (await cells.nth(2).textContent())?.trim(), { timeout: 15_000 }).toBe(lapText(after.bestLapMs));
    await e2e.screenshot(page, 'leaderboard-after-retiming-en');

    // The same log imported again is recognised: said so, nothing stored, the re-timed session left as it is.
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'rustavi-again.vbo', mimeType: 'text/plain', buffer: Buffer.from(VBO) });
    await page.locator('[data-toast="warning"]').filter({ hasText: /Already in your library: Rustavi International Motorpark \d{2}\/\d{2}\/\d{4} \d{2}H\d{2}/ }).waitFor({ timeout: 30_000 });
    await e2e.screenshot(page, 'library-already-stored-en');
    expect(await page.locator('tr[data-row-key]').count()).toBe(1);
    expect(await storedLapsText(page)).toBe(retimed);
    expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  });
});

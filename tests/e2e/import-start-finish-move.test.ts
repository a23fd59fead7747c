/**
 * The start/finish proposed for a session near no known circuit, moved on the map before it is saved: in headless
 * Chromium against the built app and a real server, the S/F centre is dragged along the drawn track to the far
 * side of the lap (where the traffic runs the other way), the racer saves it, and the session's laps are the
 * ones timed at the moved line - with the direction of travel taken from the track there (the proposed line's
 * heading carried to that place would count no lap at all). Screenshot: tests/.artifacts/import-start-finish-moved-1280-en-us.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { syntheticSession } from '../helpers/synthetic-session';
import { writeGpx } from '../unit/domain/file-formats/format-writers';
import { prepareImport } from '../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../src/domain/file-reading/byte-source';
import { sessionStatsFromLapsText } from '../../src/domain/session-stats';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

/** A 6 min kart session near Aveiro, where no seeded circuit is. */
const GPX = (() => {
  const session = syntheticSession({ fixes: 25 * 360, seed: 8, centre: { lat: 40.64, lon: -8.2 } });
  return Buffer.from(writeGpx(session.positions, Date.UTC(2026, 5, 20, 9, 30, 0), true));
})();

/** The drawn track's pixel (page coordinates) furthest from a point: the far side of the lap. */
function farTrackPixel(page: Page, from: { x: number; y: number }): Promise<{ x: number; y: number } | null> {
  return page.evaluate((origin) => {
    const root = document.querySelector('[data-testid="track-map"]');
    let best: { x: number; y: number; d: number } | null = null;
    for (const canvas of root ? [...root.querySelectorAll('canvas')] : []) {
      let data: Uint8ClampedArray;
      try {
        data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      } catch {
        continue;
      }
      const rect = canvas.getBoundingClientRect();
      for (let y = 8; y < canvas.height - 8; y += 2) {
        for (let x = 8; x < canvas.width - 8; x += 2) {
          const i = (y * canvas.width + x) * 4;
          // The track's blue (#1c7ed6), opaque.
          if (data[i + 3] < 200 || Math.abs(data[i] - 28) > 40 || Math.abs(data[i + 1] - 126) > 40 || Math.abs(data[i + 2] - 214) > 40) continue;
          const px = rect.left + (x * rect.width) / canvas.width;
          const py = rect.top + (y * rect.height) / canvas.height;
          const d = Math.hypot(px - origin.x, py - origin.y);
          if (best && d <= best.d) continue;
          if (document.elementFromPoint(px, py)?.tagName !== 'CANVAS') continue;
          best = { x: px, y: py, d };
        }
      }
    }
    return best && { x: best.x, y: best.y };
  }, from);
}

const position = async (page: Page) => {
  const text = (await page.getByTestId('start-finish-position').textContent()) ?? '';
  const [lat, lon] = (/(-?\d+\.\d+), (-?\d+\.\d+)/.exec(text) ?? []).slice(1).map(Number);
  return { lat, lon, moved: /moved/i.test(text) };
};

describe('a proposed start/finish moved on the map', () => {
  it('times the saved session at the moved line, in the direction the track runs there', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').first().waitFor();
    await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('input[type=file]').setInputFiles([
      { name: 'aveiro.gpx', mimeType: 'application/gpx+xml', buffer: GPX },
      { name: 'empty.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('') },
    ]);
    const line = page.getByTestId('import-line').filter({ hasText: 'aveiro.gpx' });
    await line.getByText(/No known circuit near/).waitFor({ timeout: 90_000 });
    await line.getByRole('button', { name: 'Move on the map' }).click();
    const dialog = page.getByRole('dialog');
    const map = dialog.getByTestId('track-map');
    await dialog.locator('canvas').first().waitFor({ timeout: 20_000 });
    await expect.poll(async () => JSON.parse((await map.getAttribute('data-gate-pixels')) ?? '[]').length, { timeout: 20_000 }).toBe(1);
    const proposed = await position(page);
    expect(proposed.moved).toBe(false);

    // Drag the S/F centre to the far side of the lap (it snaps onto the track).
    const box = (await map.boundingBox())!;
    const [[gx, gy]] = JSON.parse((await map.getAttribute('data-gate-pixels'))!) as number[][];
    const from = { x: box.x + gx, y: box.y + gy };
    const to = (await farTrackPixel(page, from))!;
    expect(to).not.toBeNull();
    expect(Math.hypot(to.x - from.x, to.y - from.y)).toBeGreaterThan(40);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    await expect.poll(async () => (await position(page)).moved, { timeout: 10_000 }).toBe(true);
    const moved = await position(page);

    // What the laps must be at that line: the import's own pipeline, with a circuit there (no heading: the
    // direction is the track's at that place), as the app saves it.
    const alone = await prepareImport({ fileName: 'aveiro.gpx', source: bytesSource(new Uint8Array(GPX)), circuits: [] });
    const size = Math.min(100, Math.max(1, Math.round(alone.proposal!.widthM)));
    const there = await prepareImport({
      fileName: 'aveiro.gpx',
      source: bytesSource(new Uint8Array(GPX)),
      circuits: [{ id: 1, name: 'Aveiro club track', coordinates: `${moved.lat};${moved.lon}`, size }],
    });
    const expectedLaps = sessionStatsFromLapsText(there.lapsText).lapCount;
    expect(there.laps.filter((l) => l.valid).length).toBeGreaterThan(2);
    // The proposed line's heading carried to the moved place would time nothing: the track runs the other way there.
    const carried = await prepareImport({
      fileName: 'aveiro.gpx',
      source: bytesSource(new Uint8Array(GPX)),
      circuits: [],
      startFinish: { gate: { lat: moved.lat, lon: moved.lon }, headingDeg: alone.proposal!.headingDeg, widthM: alone.proposal!.widthM },
    });
    expect(carried.laps.filter((l) => l.valid).length).toBe(0);

    await dialog.getByTestId('start-finish-name').fill('Aveiro club track');
    await e2e.screenshot(page, 'import-start-finish-moved-1280-en-us');
    await dialog.getByTestId('start-finish-save').click();
    await line.getByText(new RegExp(`Saved your circuit Aveiro club track: the session has ${expectedLaps} laps`)).waitFor({ timeout: 60_000 });
    await dialog.waitFor({ state: 'hidden' });
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org/.test(e))).toEqual([]);
  });
});

/**
 * The REAL Web Bluetooth transport in headless Chromium against an emulated ASTRO (BluetoothEmulation over CDP,
 * see device-ble-peripheral.ts): connect through the chooser, list the device's sessions, download one, and
 * find it stored in IndexedDB and analysed (and uploaded: 'In Cloud'). Also: a cancelled chooser is silent, and a
 * link lost from the device side resets the screen. No test hook in the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SimulatedAstro } from '../../src/device/simulated/simulated-astro';
import { generateSessions } from '../../src/device/simulated/create-simulated-astro';
import { circuits } from '../../server/db/seed-data/circuits';
import { emulateAstro } from './device-ble-peripheral';
import { startE2E, unexpectedErrors, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({ launchArgs: ['--enable-experimental-web-platform-features'], fullChromium: true });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
});

const braga = circuits.find((c) => c.name === 'Kartodromo de Braga')!;

function astroWithOneSession() {
  const [session] = generateSessions([{ name: braga.name, type: braga.type, coordinates: braga.coordinates, length: braga.length }], 1, 1, new Date(2026, 3, 20));
  return { device: new SimulatedAstro({ sessions: [session] }), session };
}

/** Reads the app's IndexedDB from the test (plain IndexedDB API): the session row and its cached analysis. */
function readStored(page: Page, filename: string) {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('astro-companion');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = <T,>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result as T[]);
        req.onerror = () => reject(req.error);
      });
    const sessions = await all<{ localId: number; filename: string; nmeaBytes: number; lapsBytes: number }>('sessions');
    const row = sessions.find((s) => s.filename === name);
    if (!row) return null;
    // Blobs since the texts left put()'s main-thread serialisation (ArrayBuffers in rows of older builds).
    const texts = await all<{ localId: number; nmea: ArrayBuffer | Blob; laps: ArrayBuffer | Blob }>('sessionTexts');
    const size = (b: ArrayBuffer | Blob | undefined) => (b instanceof Blob ? b.size : (b?.byteLength ?? 0));
    const text = texts.find((t) => t.localId === row.localId);
    const analyses = await all<{ localId: number; result: { laps: unknown[]; positions: { count: number } } }>('analyses');
    const analysis = analyses.find((a) => a.localId === row.localId);
    db.close();
    return {
      nmeaBytes: size(text?.nmea),
      lapsBytes: size(text?.laps),
      analysedLaps: analysis?.result.laps.length ?? null,
      analysedFixes: analysis?.result.positions.count ?? null,
    };
  }, filename);
}

async function openAstro() {
  const opened = await e2e.newPage();
  const creds = await e2e.signUpAndVerify();
  await e2e.login(opened.page, creds.email, creds.password);
  await opened.page.goto(e2e.url('/astro'));
  try {
    await opened.page.getByTestId('connect-bluetooth').waitFor();
  } catch (e) {
    await e2e.screenshot(opened.page, 'device-ble-open-failed');
    console.log('URL', opened.page.url(), opened.errors);
    throw e;
  }
  return opened;
}

const stateOf = (page: Page) => page.getByTestId('connection-state').textContent();

describe('Web Bluetooth against an emulated ASTRO', () => {
  it('connects through the chooser, lists the sessions, downloads one, stores it in IndexedDB and analyses it', async () => {
    const { page, context, errors } = await openAstro();
    const { device, session } = astroWithOneSession();
    const astro = await emulateAstro(e2e.browser, context, page, device);
    try {
      await page.getByTestId('connect-bluetooth').click();
      await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('Connected');
      await expect.poll(() => page.getByTestId('device-version').textContent(), { timeout: 10_000 }).toBe('1.4.0');
      const row = page.locator(`tr[data-filename="${session.filename}"]`);
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getByText('In ASTRO').count()).toBe(1);
      expect(await row.getByTestId('upload-state').textContent()).toBe('Pending');

      const titles = new Set<string>();
      const watch = setInterval(() => void page.title().then((t) => titles.add(t)).catch(() => undefined), 50);
      await row.getByRole('checkbox').check();
      await page.getByTestId('download-selected').click();
      await expect.poll(async () => readStored(page, session.filename), { timeout: 90_000, interval: 500 }).toMatchObject({
        nmeaBytes: session.nmea.length,
        lapsBytes: session.laps.length,
      });
      await expect.poll(async () => (await readStored(page, session.filename))?.analysedFixes ?? 0, { timeout: 30_000 }).toBeGreaterThan(1000);
      const analysed = await readStored(page, session.filename);
      // Lap 0 is ignored: one flying lap and the in lap.
      expect(analysed?.analysedLaps).toBe(2);
      // Uploaded by the sync engine: the row is now also 'In Cloud'.
      await expect.poll(() => row.getByText('In Cloud').count(), { timeout: 30_000 }).toBe(1);
      clearInterval(watch);
      expect([...titles].some((t) => /^ASTRO Companion \d{1,3}%$/.test(t))).toBe(true);
      // The protocol as the device saw it: version, names, laps then nmea, one GET_SESSION_DATA per chunk.
      const commands = device.log.filter((l) => l !== 'GET_SESSION_DATA');
      expect(commands).toEqual(['GET_VERSION', 'GET_SESSION_NAMES', `GET_SESSION_LAPS?p=${session.filename}`, `GET_SESSION_NMEA?p=${session.filename}`]);
      const chunks = Math.ceil(session.laps.length / 490) + Math.ceil(session.nmea.length / 490);
      expect(device.log.filter((l) => l === 'GET_SESSION_DATA').length).toBe(chunks);
      await e2e.screenshot(page, 'device-ble-downloaded');
      // The app shell logs a CSP report for an eval it never needed (not from the device code); anything else fails.
      expect(unexpectedErrors(errors).filter((e) => !/Hash of blocked script: "eval-sha256/.test(e))).toEqual([]);
    } finally {
      await astro.close();
    }
  }, 240_000);

  it('a cancelled chooser is silent, and a link lost from the device side resets the screen', async () => {
    const { page, context } = await openAstro();
    const { device, session } = astroWithOneSession();
    const astro = await emulateAstro(e2e.browser, context, page, device, '0A:57:50:00:00:02');
    try {
      astro.promptAnswer = 'cancel';
      await page.getByTestId('connect-bluetooth').click();
      await expect.poll(() => stateOf(page), { timeout: 10_000 }).toBe('Not connected');
      expect(await page.locator('[data-toast="error"]').count()).toBe(0);

      astro.promptAnswer = 'select';
      await page.getByTestId('connect-bluetooth').click();
      await expect.poll(() => stateOf(page), { timeout: 15_000 }).toBe('Connected');
      await page.locator(`tr[data-filename="${session.filename}"]`).waitFor({ timeout: 10_000 });
      await astro.disconnect();
      await expect.poll(() => stateOf(page), { timeout: 10_000 }).toBe('Disconnected');
      expect(await page.locator(`tr[data-filename="${session.filename}"]`).count()).toBe(0);
    } finally {
      await astro.close();
    }
  }, 120_000);
});

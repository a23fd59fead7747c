/**
 * Binary and Dove import in headless Chromium against the built app and a real server: a Garmin FIT file, a GoPro
 * video's GPS and a Dove/LapWing log picked together become three sessions (the FIT SDK and mp4box load lazily,
 * in the browser, for the first time here); a FIT file cut short, a video without GoPro telemetry and one whose
 * GPS never had a lock each get their reason in the racer's language, with screenshots at 1280x800 and 390x844
 * in en-us and pt-pt (tests/.artifacts/import-binary-*.png).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, untilStill, type E2E } from './harness';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/real-logs/${name}`, import.meta.url));
const FIT = fixture('stavanger-fenix2-run-1hz.fit');
const MP4 = fixture('gopro-max-gpmf-18hz.mp4');

/** The video with its metadata track's sample entry renamed: an MP4 without GoPro telemetry. */
function withoutTelemetry(): Buffer {
  const out = Buffer.from(MP4);
  for (let at = out.indexOf('gpmd'); at >= 0; at = out.indexOf('gpmd', at + 1)) out.write('xxxx', at, 'latin1');
  return out;
}

/** The video with every payload's GPS fix type (GPSF) set to 0: telemetry taken without a lock. */
function withoutLock(): Buffer {
  const out = Buffer.from(MP4);
  for (let at = out.indexOf('GPSF'); at >= 0; at = out.indexOf('GPSF', at + 1)) out.writeUInt32BE(0, at + 8);
  return out;
}

function dovex(): Buffer {
  const start = Date.UTC(2026, 2, 14, 15, 0, 2);
  const head = 'datetime,driver,course,short_name,best_lap_ms,optimal_ms\r\n2026-03-14 10:00:00,Mike,Normal,OKC,62345,61200\r\nlaps_ms\r\n65432,64321,62345\r\n';
  const rows = ['timestamp,sats,hdop,lat,lng,speed_mph,altitude_m,heading_deg,h_acc_m,rpm,accel_x,accel_y,accel_z'];
  for (let i = 0; i < 500; i++) rows.push(`${start + i * 40},12,0.8,${(28.41271 + i * 1e-5).toFixed(7)},-81.3796516,35.00,25.0,0.0,1.2,6000,0.12,0.00,1.00`);
  return Buffer.from(head + '\n'.repeat(1024 - head.length) + rows.join('\r\n') + '\r\n', 'latin1');
}

let e2e: E2E;
/** The picked files live on disk: the browser reads them by path (megabytes sent inline time out). */
const dir = mkdtempSync(join(tmpdir(), 'import-binary-'));
const onDisk = (name: string, bytes: Uint8Array) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (page: Page) => page.locator('tr[data-row-key]');

/** Each bad file's line in the import results and its reason (files picked together: the reasons are in their lines). */
const REASONS = {
  'en-us': [
    ['run-cut.fit', /the file is cut short or damaged/],
    ['phone.mp4', /the video carries no GPS telemetry/],
    ['no-lock.mp4', /the camera never had a GPS lock/],
  ],
  'pt-pt': [
    ['run-cut.fit', /o ficheiro está incompleto ou danificado/],
    ['phone.mp4', /o vídeo não tem telemetria GPS/],
    ['no-lock.mp4', /a câmara nunca obteve sinal GPS/],
  ],
} as const;

describe('binary and Dove import', () => {
  it('imports a FIT file, a GoPro video and a Dove log, and names the reason for each bad file in both languages', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const user = await e2e.signUpAndVerify();
    await e2e.login(page, user.email, user.password);
    await page.goto(e2e.url('/sessions/library'));
    await page.getByText('Sessions library').waitFor();

    const good = [onDisk('stavanger-run.fit', FIT), onDisk('GX010042.MP4', MP4), onDisk('okc.dovex', dovex())];
    const bad = [onDisk('run-cut.fit', FIT.subarray(0, 60_000)), onDisk('phone.mp4', withoutTelemetry()), onDisk('no-lock.mp4', withoutLock())];
    await page.locator('input[type=file]').setInputFiles(good);
    await expect.poll(() => rows(page).count(), { timeout: 60_000 }).toBe(3);

    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      for (const [w, h] of [
        [1280, 800],
        [390, 844],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        await page.reload();
        await page.getByText(locale === 'pt-pt' ? 'Biblioteca de sessões' : 'Sessions library').waitFor();
        await page.locator('input[type=file]').setInputFiles(bad);
        for (const [file, reason] of REASONS[locale]) {
          const line = page.getByTestId('import-line').filter({ hasText: file });
          await line.getByText(reason).waitFor({ timeout: 30_000 });
          expect(await line.getAttribute('data-state')).toBe('failed');
        }
        await untilStill(page);
        await e2e.screenshot(page, `import-binary-errors-${w}-${locale}`);
      }
    }
    // Nothing of the bad files was stored.
    expect(await rows(page).count()).toBe(3);
    // Map tiles cannot load on this closed network; anything else logged is a failure (mp4box names the
    // QuickTime location box it does not parse: harmless).
    expect(unexpectedErrors(errors).filter((e) => !/net::ERR_|tile\.openstreetmap\.org|BoxParser/.test(e))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';
import { buildFirmwareImage, sampleFirmwarePayload } from '../../src/domain/firmware-image';

/**
 * Browser end-to-end: an admin creates, edits and deletes a country and a circuit from /admin, seeing
 * the exact toast texts the product defines for each action and the delete confirmation.
 */
let e2e: E2E;
beforeAll(async () => {
  // Its own server: it changes the reference data every racer is given.
  e2e = await startE2E({ ownServer: true });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();

/** Types into the section's Name column filter and waits for the table to show `name` (or nothing). */
async function filterByName(page: Page, name: string): Promise<void> {
  const input = page.getByLabel('Filter by Name', { exact: true });
  await input.fill(name);
}

function rowWith(page: Page, text: string): Locator {
  return page.locator('tbody tr').filter({ hasText: text });
}

/** The country names this device keeps offline (the app's IndexedDB, read with the plain IndexedDB API). */
function storedCountryNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const req = indexedDB.open('astro-companion');
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('countries')) return (db.close(), resolve([]));
          const all = db.transaction('countries').objectStore('countries').getAll();
          all.onsuccess = () => (db.close(), resolve((all.result as Array<{ name: string }>).map((c) => c.name)));
          all.onerror = () => (db.close(), resolve([]));
        };
        req.onerror = () => resolve([]);
      }),
  );
}

async function pick(dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByLabel(label).first().click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

describe('admin reference data', () => {
  it('picks a firmware image with a button that names the chosen file, then uploads it', async () => {
    const built = buildFirmwareImage({ version: '1.6.0', payload: sampleFirmwarePayload('1.6.0', 48 * 1024) });
    if (!built.ok) throw new Error(built.code);
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    await page.goto(e2e.url('/admin?section=firmware'));
    const choose = page.getByTestId('firmware-choose');
    // A real button that says what it does, and 'No file chosen' beside it until a file is picked.
    await expect.poll(() => choose.textContent(), { timeout: 15_000 }).toBe('Choose file…');
    expect(await choose.evaluate((el) => el.tagName)).toBe('BUTTON');
    expect(await page.getByTestId('firmware-file-name').textContent()).toBe('No file chosen');
    expect(await page.getByRole('button', { name: 'Upload firmware' }).isDisabled()).toBe(true);
    await page.locator('input[type="file"]').setInputFiles({ name: 'astro-1.6.0.bin', mimeType: 'application/octet-stream', buffer: Buffer.from(built.bytes) });
    await expect.poll(() => page.getByTestId('firmware-file-name').textContent()).toBe(`astro-1.6.0.bin (${(built.bytes.length / 1024).toFixed(1)} KiB)`);
    await e2e.screenshot(page, 'admin-firmware-chosen-en-us-1280');
    await page.getByRole('button', { name: 'Upload firmware' }).click();
    await expect.poll(() => toast(page, 'Firmware 1.6.0 uploaded.').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('firmware-version').textContent()).toBe('1.6.0');
    expect(await page.getByTestId('firmware-file-name').textContent()).toBe('No file chosen');
    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      for (const [w, hgt] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: hgt });
        await page.reload();
        await expect.poll(() => choose.textContent(), { timeout: 15_000 }).toBe(locale === 'en-us' ? 'Choose file…' : 'Escolher ficheiro…');
        await e2e.screenshot(page, `admin-firmware-${locale}-${w}`);
      }
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  }, 120_000);

  it('creates, edits and deletes a country and a circuit with the spec toasts', async () => {
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    const suffix = Math.random().toString(36).slice(2, 7);
    const country = `Atlantis ${suffix}`;

    // Country: create.
    await page.goto(e2e.url('/admin?section=countries'));
    await page.getByTestId('new-country').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(country);
    await dialog.getByLabel('Time zone').fill('Atlantic/Azores');
    await dialog.getByTestId('admin-save').click();
    await expect.poll(() => toast(page, `Country ${country} created.`).isVisible(), { timeout: 10_000 }).toBe(true);
    await filterByName(page, suffix);
    await expect.poll(() => rowWith(page, country).count(), { timeout: 10_000 }).toBe(1);
    // The dialog is 40vw at 1280 px.
    await rowWith(page, country).getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog');
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(Math.round(1280 * 0.4));

    // Country: edit.
    const renamed = `${country} Renamed`;
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByTestId('admin-save').click();
    await expect.poll(() => toast(page, `Country ${renamed} updated.`).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => rowWith(page, renamed).count(), { timeout: 10_000 }).toBe(1);
    // The rename has reached this device's offline reference lists (the refetch after the save) before the page is
    // left: a navigation would cut that refetch, and the circuit form's selects read those lists.
    await expect.poll(() => storedCountryNames(page), { timeout: 15_000 }).toContain(renamed);

    // Circuit: create in the new country (the form's selects read the offline reference lists).
    await page.goto(e2e.url('/admin?section=circuits'));
    const circuit = `Lost Ring ${suffix}`;
    await page.getByTestId('new-circuit').click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').first().fill(circuit);
    await pick(dialog, 'Country', renamed);
    await pick(dialog, 'Type', (await firstCircuitType(page)) ?? 'Karting');
    // A new circuit: the gates are edited on the map, with typed coordinates as an option.
    expect(await dialog.getByTestId('gate-list').textContent()).toBe('No gate yet: choose Draw and click the map.');
    expect(await dialog.getByLabel(/^Coordinates/).count()).toBe(0);
    await dialog.getByLabel('Type the coordinates').check();
    await dialog.getByLabel(/^Coordinates/).fill('38.7;-27.2;38.701;-27.21');
    expect(await dialog.getByTestId('gate-list').textContent()).toBe('S/F 38.700000, -27.200000 · S1 38.701000, -27.210000');
    await dialog.getByTestId('admin-save').click();
    await expect.poll(() => toast(page, `Circuit ${circuit} created.`).isVisible(), { timeout: 10_000 }).toBe(true);
    await filterByName(page, suffix);
    await expect.poll(() => rowWith(page, circuit).count(), { timeout: 10_000 }).toBe(1);

    // Circuit: edit (name and a third gate typed as text).
    await rowWith(page, circuit).getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog');
    const circuitRenamed = `${circuit} GP`;
    await dialog.getByLabel('Name').first().fill(circuitRenamed);
    await dialog.getByLabel('Type the coordinates').check();
    await dialog.getByLabel(/^Coordinates/).fill('38.7;-27.2;38.701;-27.21;38.702;-27.22');
    // With the 3 gates placed, Draw says why a click on the map adds none.
    await dialog.getByText('Draw', { exact: true }).click();
    await dialog.getByText(/^All 3 gates are placed: a click adds none\./).waitFor();
    await e2e.screenshot(page, 'admin-circuit-gates-en');
    await dialog.getByTestId('admin-save').click();
    await expect.poll(() => toast(page, `Circuit ${circuitRenamed} updated.`).isVisible(), { timeout: 10_000 }).toBe(true);
    const stored = await page.evaluate(async (name) => {
      const res = await fetch('/api/circuits');
      const list = (await res.json()) as Array<{ name: string; coordinates: string }>;
      return list.find((c) => c.name === name)?.coordinates ?? null;
    }, circuitRenamed);
    expect(stored).toBe('38.7;-27.2;38.701;-27.21;38.702;-27.22');

    // Circuit: delete (confirmation dialog, Cancel first).
    await rowWith(page, circuitRenamed).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText(`Do you want to delete ${circuitRenamed}?`).isVisible()).toBe(true);
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => rowWith(page, circuitRenamed).count()).toBe(1);
    await rowWith(page, circuitRenamed).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => toast(page, 'Circuit successfully deleted.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => rowWith(page, circuitRenamed).count(), { timeout: 10_000 }).toBe(0);

    // Country: delete.
    await page.goto(e2e.url('/admin?section=countries'));
    await filterByName(page, suffix);
    await expect.poll(() => rowWith(page, renamed).count(), { timeout: 10_000 }).toBe(1);
    await rowWith(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => toast(page, 'Country successfully deleted.').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => rowWith(page, renamed).count(), { timeout: 10_000 }).toBe(0);
    await e2e.screenshot(page, 'admin-reference-data');
    // Map tiles come from the internet, which this closed network cannot resolve.
    expect(unexpectedErrors(errors).filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  }, 180_000);

  it('shows the failure toast when a save is refused', async () => {
    const { page } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    const name = `Twin ${Math.random().toString(36).slice(2, 7)}`;
    await page.goto(e2e.url('/admin?section=countries'));
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('new-country').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Time zone').fill('Europe/Lisbon');
      await dialog.getByTestId('admin-save').click();
      if (i === 0) await expect.poll(() => toast(page, `Country ${name} created.`).isVisible(), { timeout: 10_000 }).toBe(true);
    }
    // The duplicate name is a 409: 'Failed to create country' with the server's reason passed on (the product's
    // error format), and the dialog stays open.
    await expect.poll(() => toast(page, 'Failed to create country: A record with the same unique value already exists.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('dialog').getByLabel('Name').inputValue()).toBe(name);
  }, 120_000);
});

/** The first circuit type's name, from the public API. */
async function firstCircuitType(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const res = await fetch('/api/circuit-types');
    const list = (await res.json()) as Array<{ name: string }>;
    return list[0]?.name ?? null;
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, unexpectedErrors, type Credentials, type E2E } from './harness';
import { lapsText, sessionPayload, trackText } from '../helpers/session-fixtures';

/**
 * Browser end-to-end: a racer's uploaded sessions appear on the leaderboard (best valid lap, one row per
 * driver, ties sharing a position), 'No results found.' for an empty filter, and the last results stay visible
 * offline.
 */
let e2e: E2E;
let circuit: { id: number; name: string; coordinates: string };
let circuits: Array<{ id: number; name: string; coordinates: string }>;
let category: { id: number; name: string };

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(e2e.url(`/api${path}`), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function uploadAs(who: Credentials, lapTimes: number[], n: number, on: { id: number; name: string; coordinates: string } = circuit): Promise<void> {
  const { accessToken } = await api<{ accessToken: string }>('/auth/login', { method: 'POST', body: JSON.stringify({ email: who.email, password: who.password }) });
  await api('/sessions', {
    method: 'POST',
    token: accessToken,
    body: JSON.stringify(
      sessionPayload({
        filename: `20260510_10${String(n).padStart(2, '0')}_${on.name}`,
        laps: lapsText(lapTimes),
        // Positions through the circuit's start/finish: a leaderboard ranks no lap without.
        coordinates: trackText(on.coordinates, 20_000),
        circuitId: on.id,
        vehicleCategoryId: category.id,
        date: '2026-05-10T10:00:00.000Z',
      }),
    ),
  });
}

beforeAll(async () => {
  // Its own server: a leaderboard ranks every racer's sessions on the server.
  e2e = await startE2E({ ownServer: true });
  circuits = await api<Array<{ id: number; name: string; coordinates: string }>>('/circuits');
  circuit = circuits[0];
  category = (await api<Array<{ id: number; name: string }>>('/vehicle-categories'))[0];
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe('leaderboard', () => {
  it("shows a racer's sessions ranked, then keeps the last results for offline viewing", async () => {
    const rita = await e2e.signUpAndVerify(undefined, undefined, 'Rita');
    const otto = await e2e.signUpAndVerify(undefined, undefined, 'Otto');
    await uploadAs(rita, [0, 61_230, 60_990, 62_000], 1); // invalid first lap; best 1:00.99
    await uploadAs(rita, [61_500], 2); // slower session: still one row for Rita
    await uploadAs(otto, [60_990, 63_000], 3); // ties Rita's best

    const { page, context, errors } = await e2e.newPage();
    await e2e.login(page, rita.email, rita.password);
    await page.goto(e2e.url('/leaderboards'));
    // Before the first query the page says what to do.
    await page.getByTestId('leaderboard-hint').waitFor();
    await page.getByLabel('Circuit', { exact: true }).first().click();
    await page.getByRole('option', { name: circuit.name, exact: true }).click();
    await page.getByTestId('show-leaderboard').click();
    const table = page.getByTestId('leaderboard-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('leaderboard-hint').count()).toBe(0);
    const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    // Ties share position 1; both best laps 01:00.99, gap '-'; drivers as first name + last initial.
    expect(cells.map((c) => c[0])).toEqual(['1', '1']);
    expect(cells.map((c) => c[1]).sort()).toEqual(['Otto E.', 'Rita E.']);
    expect(cells.map((c) => c[2])).toEqual(['01:00.99', '01:00.99']);
    expect(cells.map((c) => c[3])).toEqual(['-', '-']);
    expect(cells.every((c) => c[5] === category.name)).toBe(true);
    expect(await page.getByTestId('leaderboard-circuit').getByRole('heading').allTextContents()).toEqual([circuit.name]);

    // Top 3 with a category that has no sessions: 'No results found.'
    const otherCategory = (await api<Array<{ id: number; name: string }>>('/vehicle-categories')).find((c) => c.id !== category.id);
    if (otherCategory) {
      await page.getByLabel('Category', { exact: true }).first().click();
      await page.getByRole('option', { name: otherCategory.name, exact: true }).click();
      await page.getByText('Top 3').click();
      await page.getByTestId('show-leaderboard').click();
      await expect.poll(() => page.getByTestId('leaderboard-empty').textContent(), { timeout: 15_000 }).toBe('No results found.');
      // Back to the first filters.
      await page.getByLabel('Category', { exact: true }).first().click();
      await page.getByRole('option', { name: category.name, exact: true }).click();
      await page.getByText('Top 10').click();
      await page.getByTestId('show-leaderboard').click();
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    }

    // Offline: the same filters answer from the copy in IndexedDB, marked as saved.
    await context.setOffline(true);
    await page.getByTestId('show-leaderboard').click();
    await expect.poll(() => page.getByText(/^Offline: results saved on/).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await table.locator('tbody tr').count()).toBe(2);
    // Back online, the screen asks the server again: the copy is no longer called offline.
    await context.setOffline(false);
    await expect.poll(() => page.getByText(/^Updated /).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(/^Offline: results saved on/).count()).toBe(0);
    // Reopened online, the last leaderboard is not called offline either (it is asked for again at once).
    await page.reload();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByText(/^Updated /).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(/^Offline: results saved on/).count()).toBe(0);
    await e2e.screenshot(page, 'leaderboard-racer');
    expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|Failed to fetch/.test(e))).toEqual([]);
  }, 180_000);

  it('ranks within each circuit: with all circuits it lists every circuit with its own leaders', async () => {
    const other = circuits.find((c) => c.id !== circuit.id);
    if (!other) throw new Error('the seed has more than one circuit');
    const lia = await e2e.signUpAndVerify(undefined, undefined, 'Lia');
    const rui = await e2e.signUpAndVerify(undefined, undefined, 'Rui');
    await uploadAs(lia, [95_000], 11, other); // a long track: slower than every lap on the first circuit
    await uploadAs(rui, [96_500], 12, other);
    // The first circuit's fastest, and still a plausible lap there: the seed's first circuit is Spa (7,004 m), whose
    // shortest rankable lap for a car is 60.04 s (its length at 420 km/h); a 59 s lap is not ranked.
    await uploadAs(rui, [60_500], 13);

    const { page, errors } = await e2e.newPage();
    await e2e.login(page, lia.email, lia.password);
    await page.goto(e2e.url('/leaderboards'));
    await page.getByTestId('leaderboard-hint').waitFor();
    await page.getByTestId('show-leaderboard').click(); // no filter: all circuits
    const boards = page.getByTestId('leaderboard-circuit');
    await expect.poll(() => boards.count(), { timeout: 15_000 }).toBe(2);
    const expectedOrder = [circuit, other].sort((a, b) => a.name.localeCompare(b.name)).map((c) => c.name);
    expect(await boards.getByRole('heading').allTextContents()).toEqual(expectedOrder);
    const cellsOf = (circuitId: number) =>
      page.locator(`[data-testid="leaderboard-circuit"][data-circuit-id="${circuitId}"] tbody tr`).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
    // Each circuit has its own leader (position 1, no gap); Lia's 1:35.00 leads her circuit though slower than all laps elsewhere.
    const onOther = await cellsOf(other.id);
    expect(onOther.map((c) => [c[0], c[1], c[2], c[3]])).toEqual([
      ['1', 'Lia E.', '01:35.00', '-'],
      ['2', 'Rui E.', '01:36.50', '+00:01.50'],
    ]);
    const onFirst = await cellsOf(circuit.id);
    expect(onFirst[0].slice(0, 4)).toEqual(['1', 'Rui E.', '01:00.50', '-']);
    expect(onFirst.map((c) => c[1])).not.toContain('Lia E.');
    // The date is the circuit's local date, and says so.
    const date = page.locator(`[data-testid="leaderboard-circuit"][data-circuit-id="${other.id}"] [data-circuit-time]`).first();
    expect(await date.getAttribute('aria-label')).toBe(`10/05/2026 (Local time at ${other.name})`);
    await date.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 10_000 }).toBe(`Local time at ${other.name}`);

    // Loaded once in each language, then resized for the phone's shot.
    for (const locale of ['en-us', 'pt-pt'] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      for (const [w, hgt] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: hgt });
        await expect.poll(() => boards.count(), { timeout: 15_000 }).toBe(2);
        await expect.poll(() => page.getByText(locale === 'en-us' ? /^Updated / : /^Atualizado /).isVisible(), { timeout: 15_000 }).toBe(true);
        await e2e.screenshot(page, `leaderboard-all-circuits-${locale}-${w}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(unexpectedErrors(errors)).toEqual([]);
  }, 180_000);

  it('lists circuits with a map preview and filters them by text and country', async () => {
    const racer = await e2e.signUpAndVerify(undefined, undefined, 'Cira');
    const all = await api<Array<{ id: number; name: string; coordinates: string; country: { name: string } | null }>>('/circuits');
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, racer.email, racer.password);
    await page.goto(e2e.url('/circuits'));
    const rows = page.locator('tr[data-circuit-id]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(all.length);
    // The first circuit is previewed on the map (OpenLayers canvas) without any click.
    await expect.poll(() => page.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByLabel('Search', { exact: true }).fill(all[0].name);
    await expect.poll(() => rows.count()).toBe(all.filter((c) => c.name.toLowerCase().includes(all[0].name.toLowerCase())).length);
    await page.getByLabel('Search', { exact: true }).fill('');
    const country = all[0].country?.name ?? '';
    await page.getByLabel('Country', { exact: true }).first().click();
    await page.getByRole('option', { name: country, exact: true }).click();
    await expect.poll(() => rows.count()).toBe(all.filter((c) => c.country?.name === country).length);
    await e2e.screenshot(page, 'leaderboard-circuits');
    expect(unexpectedErrors(errors).filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';

/**
 * Browser end-to-end: reference data in the reader's language. A racer reading Portuguese sees the seeded
 * countries, circuit types, circuit descriptions and firmware notes in Portuguese; an admin finds a new country in
 * Missing Translations, translates it there, and then sees the Portuguese name in the app.
 */
let e2e: E2E;
beforeAll(async () => {
  // Its own server: it changes translations every user sees.
  e2e = await startE2E({ ownServer: true });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text }).first();
const SIZES = [
  [1280, 800],
  [390, 844],
] as const;

async function useLocale(page: Page, locale: 'en-us' | 'pt-pt'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
}

/** The circuits table's cells in one column (0 name, 1 country, 2 type). */
async function column(page: Page, index: number): Promise<string[]> {
  return page.locator('table tbody tr').evaluateAll((rows, i) => rows.map((r) => r.querySelectorAll('td')[i]?.textContent ?? ''), index);
}

describe('reference data in Portuguese', () => {
  it('shows the seeded countries, types, descriptions and firmware notes in the reader language', async () => {
    const racer = await e2e.signUpAndVerify();
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, racer.email, racer.password);

    for (const locale of ['pt-pt', 'en-us'] as const) {
      await useLocale(page, locale);
      for (const [w, h] of SIZES) {
        await page.setViewportSize({ width: w, height: h });
        await page.goto(e2e.url('/circuits'));
        const germany = locale === 'pt-pt' ? 'Alemanha' : 'Germany';
        await expect.poll(() => column(page, 1), { timeout: 20_000 }).toContain(germany);
        const countries = await column(page, 1);
        const types = await column(page, 2);
        if (locale === 'pt-pt') {
          expect(countries).toContain('Itália');
          expect(countries).not.toContain('Germany');
          expect(types).toContain('Kartódromo');
          expect(types).toContain('Autódromo');
          expect(types).not.toContain('Racing Circuit');
        } else {
          expect(countries).toContain('Italy');
          expect(types).toContain('Racing Circuit');
        }
        // The list is sorted by the shown country name: 'Alemanha' comes first in Portuguese.
        if (locale === 'pt-pt') expect(countries[0]).toBe('Alemanha');
        await page.getByRole('button', { name: 'Hockenheimring', exact: true }).click();
        await expect
          .poll(() => page.getByTestId('circuit-description').textContent())
          .toBe(
            locale === 'pt-pt'
              ? 'Hockenheim, Baden-Württemberg; circuito de Grande Prémio com a secção de estádio Motodrom.'
              : 'Hockenheim, Baden-Wurttemberg; Grand Prix circuit with the Motodrom stadium section.',
          );
        await page.evaluate(() => window.scrollTo(0, 0));
        await e2e.screenshot(page, `reference-circuits-${locale}-${w}`);
      }
    }

    // The search reads the shown names too.
    await useLocale(page, 'pt-pt');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(e2e.url('/circuits'));
    await page.getByRole('searchbox').fill('alemanha');
    await expect.poll(() => column(page, 1), { timeout: 10_000 }).toEqual(['Alemanha', 'Alemanha', 'Alemanha']);

    // The leaderboard's filters: types and categories in Portuguese, sorted as shown.
    await page.goto(e2e.url('/leaderboards'));
    const typeFilter = page.getByLabel('Tipo', { exact: true }).first();
    await typeFilter.click();
    await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 15_000 }).toEqual(['Autódromo', 'Circuito citadino', 'Kartódromo']);
    await page.keyboard.press('Escape');
    const categoryFilter = page.getByLabel('Categoria', { exact: true }).first();
    await categoryFilter.click();
    await categoryFilter.fill('aluguer');
    await expect.poll(() => page.getByRole('option', { name: 'Kart de aluguer', exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await e2e.screenshot(page, 'reference-leaderboard-filters-pt-pt-1280');
    await page.keyboard.press('Escape');

    // The firmware notes on the device screen.
    await page.goto(e2e.url('/astro'));
    await expect
      .poll(() => page.getByTestId('firmware-notes').textContent(), { timeout: 20_000 })
      .toBe('Melhorias na cronometragem das voltas e transferências de sessões mais rápidas.');
    await e2e.screenshot(page, 'reference-firmware-notes-pt-pt-1280');
    // Map tiles come from the internet, which this closed network cannot resolve.
    expect(unexpectedErrors(errors).filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  }, 240_000);

  it('lists a new country in Missing Translations until an admin translates it, then shows the translation', async () => {
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    await useLocale(page, 'en-us');
    const suffix = Math.random().toString(36).slice(2, 7);
    const name = `Freedonia ${suffix}`;
    const translated = `Fredónia ${suffix}`;

    await page.goto(e2e.url('/admin?section=countries'));
    await page.getByTestId('new-country').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Time zone').fill('Europe/Lisbon');
    await dialog.getByTestId('admin-save').click();
    await expect.poll(() => toast(page, `Country ${name} created.`).isVisible(), { timeout: 10_000 }).toBe(true);
    const id = await page.evaluate(async (n) => ((await (await fetch('/api/countries')).json()) as Array<{ id: number; name: string }>).find((c) => c.name === n)?.id, name);
    expect(id).toBeGreaterThan(0);
    const key = `ref:country.${id}.name`;

    // Listed as missing in Portuguese, with the English text to translate.
    await page.goto(e2e.url('/admin?section=missingTranslations'));
    await page.getByLabel('Filter by Text to translate', { exact: true }).fill(suffix);
    const row = page.locator('tbody tr').filter({ hasText: key });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain('pt-pt');
    expect(await row.textContent()).toContain(name);
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await e2e.screenshot(page, `reference-missing-en-us-${w}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Translated from there.
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => page.getByTestId('translation-source').textContent()).toBe(`Text to translate: ${name}`);
    await page.getByLabel('Value').fill(translated);
    await e2e.screenshot(page, 'reference-missing-translating-en-us-1280');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => toast(page, `Translation ${key} (pt-pt) created.`).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);

    // The app shows it in Portuguese: the circuits screen's country filter, and the Missing list no longer has it.
    await useLocale(page, 'pt-pt');
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(e2e.url('/circuits'));
      const countryFilter = page.getByLabel('País', { exact: true }).first();
      await countryFilter.click();
      await countryFilter.fill(suffix);
      await expect.poll(() => page.getByRole('option', { name: translated, exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole('option', { name, exact: true }).count()).toBe(0);
      await e2e.screenshot(page, `reference-translated-country-pt-pt-${w}`);
      await page.keyboard.press('Escape');

      await page.goto(e2e.url('/admin?section=missingTranslations'));
      await page.getByLabel('Filtrar por Texto a traduzir', { exact: true }).fill(suffix);
      await expect.poll(() => page.locator('tbody tr').filter({ hasText: key }).count(), { timeout: 10_000 }).toBe(0);
      await e2e.screenshot(page, `reference-missing-pt-pt-${w}`);
    }
    // Map tiles come from the internet, which this closed network cannot resolve.
    expect(unexpectedErrors(errors).filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  }, 240_000);
  it('deletes every key clients reported at once, after a confirmation, in both languages; reference data rows stay', async () => {
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    const suffix = Math.random().toString(36).slice(2, 7);
    // A country with no Portuguese name yet: a reference data row of the list, which the bulk delete leaves.
    const [country] = await e2e.server.app.db.query<{ id: number }>('insert into countries (name, timezone) values ($1, $2) returning id', [`Bulkland ${suffix}`, 'Europe/Lisbon']);
    const refKey = `ref:country.${country.id}.name`;
    const texts = {
      'en-us': { filter: 'Filter by Key', button: 'Delete all reported keys', question: 'Do you want to delete every key reported by clients?', toast: (n: number) => `Reported keys deleted: ${n}.` },
      'pt-pt': { filter: 'Filtrar por Chave', button: 'Eliminar todas as chaves reportadas', question: 'Pretende eliminar todas as chaves reportadas pelos clientes?', toast: (n: number) => `Chaves reportadas eliminadas: ${n}.` },
    } as const;
    for (const locale of ['en-us', 'pt-pt'] as const) {
      const keys = [`app:bulk${suffix}${locale.replace('-', '')}.one`, `app:bulk${suffix}${locale.replace('-', '')}.two`];
      const status = await page.evaluate(
        async (k) => (await fetch('/api/translations/missing', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ locale: 'pt-pt', keys: k }) })).status,
        keys,
      );
      expect(status).toBeLessThan(300);
      await useLocale(page, locale);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(e2e.url('/admin?section=missingTranslations'));
      const filter = page.getByLabel(texts[locale].filter, { exact: true });
      await filter.fill(suffix);
      await expect.poll(() => page.locator('tbody tr').filter({ hasText: `app:bulk${suffix}` }).count(), { timeout: 15_000 }).toBe(2);

      await page.getByTestId('missing-delete-reported').click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain(texts[locale].question);
      for (const [w, h] of SIZES) {
        await page.setViewportSize({ width: w, height: h });
        await e2e.screenshot(page, `missing-delete-reported-${locale}-${w}`);
      }
      // Cancel keeps every row.
      await page.getByTestId('confirm-cancel').click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.locator('tbody tr').filter({ hasText: `app:bulk${suffix}` }).count()).toBe(2);

      await page.getByTestId('missing-delete-reported').click();
      await page.getByTestId('confirm-delete').click();
      await expect.poll(() => toast(page, texts[locale].toast(2)).isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.locator('tbody tr').filter({ hasText: `app:bulk${suffix}` }).count(), { timeout: 10_000 }).toBe(0);
      // The reference data row is still listed.
      await filter.fill(`country.${country.id}.`);
      await expect.poll(() => page.locator('tbody tr').filter({ hasText: refKey }).count(), { timeout: 10_000 }).toBe(1);
      await page.setViewportSize({ width: 390, height: 844 });
      await e2e.screenshot(page, `missing-after-delete-reported-${locale}-390`);
    }
    expect(unexpectedErrors(errors).filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  }, 240_000);
});

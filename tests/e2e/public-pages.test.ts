/**
 * The public pages at tablet (1280x800) and phone (390x844) size in both languages: the welcome page shows where to
 * go next above the fold and one language select; the header's Login button says Login on a phone too; the
 * register page states the password rule before any submit; a login refused because the address is not verified
 * offers a new verification mail, which arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, uniqueEmail, unexpectedErrors, type E2E } from './harness';
import { setUpOnce } from './set-up-once';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const SIZES = [
  ['en-us', 1280, 800],
  ['pt-pt', 1280, 800],
  ['en-us', 390, 844],
  ['pt-pt', 390, 844],
] as const;

const TEXTS = {
  'en-us': { getStarted: 'Create an account', login: 'Login', rule: 'At least 8 characters (at most 200).', resend: 'Send a new verification email' },
  'pt-pt': { getStarted: 'Criar uma conta', login: 'Iniciar sessão', rule: 'Pelo menos 8 caracteres (no máximo 200).', resend: 'Enviar um novo email de verificação' },
} as const;

/**
 * One page a language and size, made by the first of its three tests and handed to the next (a new browser context
 * loads and compiles the whole app cold; each test loads its own page in it). The console errors are the test's own.
 */
const pages = new Map<string, () => Promise<Awaited<ReturnType<E2E['newPage']>>>>();
async function openIn(locale: string, width: number, height: number) {
  const key = `${locale}-${width}`;
  if (!pages.has(key))
    pages.set(
      key,
      setUpOnce(async () => {
        const opened = await e2e.newPage({ viewport: { width, height } });
        await opened.context.addInitScript((l) => localStorage.setItem('locale', l), locale);
        return opened;
      }),
    );
  const opened = await pages.get(key)!();
  opened.errors.length = 0;
  return opened;
}

/** Language selects a person can see right now (the header's and the menu's). */
const visibleLocaleSelects = (page: Page) =>
  page.locator('[data-testid="locale-select"], [data-testid="menu-locale-select"]').evaluateAll((els) =>
    els.filter((e) => {
      const r = e.getBoundingClientRect();
      // Displayed, and on screen (the closed drawer is moved out of the viewport, not hidden).
      return (e as HTMLElement).offsetParent !== null && r.width > 0 && r.right > 0 && r.left < window.innerWidth;
    }).length,
  );

describe('the public pages', () => {
  for (const [locale, width, height] of SIZES) {
    it(`welcome (${locale}, ${width}x${height}): 'create an account' above the fold, one language select, a labelled Login button`, async () => {
      const { page, errors } = await openIn(locale, width, height);
      await page.goto(e2e.url('/'));
      await page.getByTestId('intro-video').waitFor();
      const texts = TEXTS[locale];
      const getStarted = await page.getByRole('link', { name: texts.getStarted }).boundingBox();
      expect(getStarted).not.toBeNull();
      expect(getStarted!.y + getStarted!.height).toBeLessThanOrEqual(height);
      const login = page.getByTestId('login-button');
      expect((await login.innerText()).trim()).toBe(texts.login);
      await e2e.screenshot(page, `public-welcome-${locale}-${width}`);
      if (width >= 768) {
        expect(await visibleLocaleSelects(page)).toBe(1);
      } else {
        // The phone's language select is in the burger's menu only.
        expect(await visibleLocaleSelects(page)).toBe(0);
        await page.getByRole('button', { name: /menu/i }).first().click();
        await page.getByTestId('menu-locale-select').waitFor({ state: 'visible' });
        // The drawer slides in: its select is on screen once the transition has ended.
        await expect.poll(() => visibleLocaleSelects(page)).toBe(1);
        await e2e.screenshot(page, `public-welcome-menu-${locale}-${width}`);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it(`register (${locale}, ${width}x${height}) states the password rule under the field before any submit`, async () => {
      const { page, errors } = await openIn(locale, width, height);
      await page.goto(e2e.url('/register'));
      await page.getByTestId('register-page').waitFor();
      const field = page.locator('input[name="password"]');
      const describedBy = await field.getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      const rule = page.locator(`[id="${describedBy!.split(' ')[0]}"]`);
      expect((await rule.innerText()).trim()).toBe(TEXTS[locale].rule);
      const [input, text] = [await field.boundingBox(), await rule.boundingBox()];
      expect(text!.y).toBeGreaterThan(input!.y + input!.height - 1);
      await e2e.screenshot(page, `public-register-${locale}-${width}`);
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    it(`login of an unverified account (${locale}, ${width}x${height}) sends a new verification email from the login page`, async () => {
      const email = uniqueEmail('unverified');
      const password = 'Track-Day-2026';
      const res = await fetch(e2e.url('/api/auth/register'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, firstName: 'Uma', lastName: 'Unverified', password, confirmPassword: password }),
      });
      expect(res.ok).toBe(true);
      await e2e.smtp.waitFor(email, { timeoutMs: 15_000 }); // the registration's own mail
      const { page } = await openIn(locale, width, height);
      await page.goto(e2e.url('/login'));
      await page.getByTestId('login-page').waitFor();
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(password);
      await page.getByTestId('login-submit').click();
      const resend = page.getByTestId('login-resend-verification');
      await resend.waitFor();
      expect((await resend.innerText()).trim()).toBe(TEXTS[locale].resend);
      await e2e.screenshot(page, `public-login-unverified-${locale}-${width}`);
      await resend.click();
      await page.getByTestId('login-verification-sent').waitFor();
      const mail = await e2e.smtp.waitFor(email, { timeoutMs: 15_000 });
      expect(mail.text).toContain('/verify?token=');
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  }
});

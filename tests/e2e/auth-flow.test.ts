/**
 * The account journey in a real browser against a real server: sign up -> open the link from the
 * received mail -> verified -> log in -> the menu shows the racer's routes -> switch to pt-pt -> dark theme ->
 * reload keeps both -> /admin gives Unauthorized -> log out. Then the same as admin: /admin opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeToasts, startE2E, uniqueEmail, unexpectedErrors, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const menuEntries = (page: Page) => page.locator('[data-testid="main-menu"] [data-menu]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')));

async function chooseLocale(page: Page, label: string) {
  await page.getByTestId('menu-locale-select').click();
  await page.getByRole('option', { name: label }).click();
}

describe('a racer account, from sign-up to logout', () => {
  it('signs up, verifies by mail, logs in, keeps locale and theme across a reload, is refused /admin and logs out', async () => {
    const { page, errors } = await e2e.newPage();
    const email = uniqueEmail();
    const password = 'Track-Day-2026';

    // Sign up through the form.
    await page.goto(e2e.url('/register'));
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="firstName"]').fill('Rita');
    await page.locator('input[name="lastName"]').fill('Racer');
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="confirmPassword"]').fill(password);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-done').waitFor();

    // Logging in before verifying is refused with the server's reason.
    await page.goto(e2e.url('/login'));
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Error' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // The link from the received mail verifies the account.
    const link = await e2e.linkFromMail(email, '/verify');
    await page.goto(link);
    await page.getByTestId('verify-done').waitFor();
    await e2e.screenshot(page, 'auth-flow-verified');

    // Log in: success toast, welcome route.
    await page.getByTestId('verify-login-link').click();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByText('Login successful').first().waitFor();
    // Toasts sit below the header, never over its theme, profile and logout buttons.
    const toastTop = (await page.locator('[data-toast="success"]').first().boundingBox())?.y ?? 0;
    const headerBottom = await page.locator('header').first().evaluate((h) => h.getBoundingClientRect().bottom);
    expect(toastTop).toBeGreaterThanOrEqual(headerBottom);
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toMatch(/^ey/);
    await page.getByTestId('logout-button').waitFor();

    // The racer's menu: the signed-in spec routes, Sessions with its children, About; no Admin.
    const menu = await menuEntries(page);
    for (const path of ['/astro', '/sessions', '/sessions/library', '/sessions/map', '/sessions/analysis', '/circuits', '/leaderboards', '/about']) {
      expect(menu, `menu entry ${path}`).toContain(path);
    }
    expect(menu).not.toContain('/admin');
    await e2e.screenshot(page, 'auth-flow-racer-menu');

    // pt-pt and dark theme, kept across a reload.
    await chooseLocale(page, 'Português (Portugal)');
    await page.locator('[data-menu="/about"]').getByText('Sobre').waitFor();
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('locale'), localStorage.getItem('theme')])).toEqual(['pt-pt', 'dark']);
    await page.reload();
    await page.locator('[data-menu="/about"]').getByText('Sobre').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-PT');
    await e2e.screenshot(page, 'auth-flow-pt-dark');

    // /admin is refused.
    await page.goto(e2e.url('/admin'));
    await page.waitForURL((u) => u.pathname === '/unauthorized');
    await page.getByText('Não tem permissão para aceder a esta página.').waitFor();

    // Log out: back to /login, token gone.
    await page.getByTestId('logout-button').click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
    await page.getByTestId('login-button').waitFor();

    // A signed-in route now sends the visitor to login, remembering where they wanted to go.
    await page.goto(e2e.url('/circuits'));
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/circuits');

    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the admin account', () => {
  it('logs in, sees Admin in the menu and opens /admin', async () => {
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, e2e.admin.email, e2e.admin.password);
    await page.getByTestId('logout-button').waitFor();
    expect(await menuEntries(page)).toContain('/admin');
    // Opened from that menu entry.
    await page.locator('[data-testid="main-menu"] [data-menu="/admin"]').click();
    await page.getByTestId('admin-tab-users').waitFor();
    // The users' list (the admin among them) in and the login's toast closed, for the screenshot.
    await page.locator('tbody tr').first().waitFor();
    await closeToasts(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/admin/);
    expect(await page.getByTestId('unauthorized').count()).toBe(0);
    expect(await page.getByTestId('not-found').count()).toBe(0);
    await e2e.screenshot(page, 'auth-flow-admin');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('public pages', () => {
  it('shows Not Found with the spec texts for an unknown path', async () => {
    const { page } = await e2e.newPage();
    await page.goto(e2e.url('/no/such/page'));
    await page.getByText('Page Not Found').waitFor();
    await page.getByText('The page you are looking for does not exist.').waitFor();
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('writes the version to the console and serves the About PDFs and the intro video', async () => {
    const { page } = await e2e.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto(e2e.url('/about'));
    await page.getByText('25Hz position update rate').waitFor();
    expect(logs).toContain('version 1.5.2');
    for (const claim of ['Four satellite constellations', '7-hour battery', '32GB memory', 'Sector breakdowns', 'founded in 2023']) {
      expect(await page.getByText(claim, { exact: false }).count(), claim).toBeGreaterThan(0);
    }
    for (const id of ['manual-link', 'privacy-link']) {
      const href = await page.getByTestId(id).getAttribute('href');
      const res = await page.request.get(e2e.url(href!));
      expect(res.status()).toBe(200);
      expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(await page.getByTestId('email-link').getAttribute('href')).toMatch(/^mailto:/);
    // Home through the header's logo.
    await page.getByTestId('logo-link').click();
    await page.waitForURL((u) => u.pathname === '/');
    const video = page.getByTestId('intro-video');
    await video.waitFor();
    const res = await page.request.get(e2e.url((await video.getAttribute('src'))!));
    expect(res.status()).toBe(200);
    expect((await res.body()).length).toBeGreaterThan(10_000);
  });
});

describe('small screens', () => {
  it('hide the menu behind a burger that opens it and closes it after navigating', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 600, height: 960 }, isMobile: true, hasTouch: true });
    await page.goto(e2e.url('/'));
    const about = page.locator('[data-menu="/about"]');
    const burger = page.getByRole('button', { name: 'Open menu' });
    // The collapsed menu slides out of the viewport (transform), so check where it is, not whether it exists.
    const onScreen = () => about.evaluate((el) => el.getBoundingClientRect().right > 0);
    await burger.waitFor();
    expect(await onScreen()).toBe(false);
    await burger.click();
    await page.waitForFunction(() => (document.querySelector('[data-menu="/about"]')?.getBoundingClientRect().left ?? -1) >= 0);
    await about.click();
    await page.waitForURL((u) => u.pathname === '/about');
    await page.waitForFunction(() => (document.querySelector('[data-menu="/about"]')?.getBoundingClientRect().right ?? 0) <= 0);
    await e2e.screenshot(page, 'small-screen-about');
  });
});

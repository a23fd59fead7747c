/**
 * The prerendered login page (index.html) is usable from its first paint: what a visitor types into it before the
 * app's JavaScript has run is kept and handed over, and a click on its button logs in once the app is there. The
 * app's main script is held back by route interception, so the window between first paint and the app's own
 * render is as wide as the test needs (on a slow tablet it is seconds). Once the app is there, a press made while the
 * shell's late modules arrive still clicks (the tooltips' module is held the same way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type E2E } from './harness';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** Holds every request for the app's entry script until `release()`; `requested` tells whether one was made. */
const holdMainScript = (page: Page) => holdScript(page, /\/assets\/index-[^/]+\.js$/);

/** Holds every request for the scripts matching `pattern` until `release()`; `requested` tells whether one was made. */
async function holdScript(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { requested: false };
  await page.route(pattern, async (route) => {
    state.requested = true;
    await released;
    await route.continue();
  });
  return { release, state };
}

const prerendered = (page: Page, selector: string) => page.locator(`#root [data-prerendered] ${selector}`);

/**
 * Waits for the first contentful paint: the elements exist (and have boxes) before the render-blocking stylesheet
 * has arrived, and a person only sees, and clicks on, the page once it is painted with its styles.
 */
async function firstPaint(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
}

/** Clicks where the element is painted and types there, as a person does (no scripted focus or value). */
async function clickAndType(page: Page, selector: string, text: string) {
  await firstPaint(page);
  const box = await prerendered(page, selector).boundingBox();
  if (!box) throw new Error(`${selector} is not painted`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type(text);
}

describe('the prerendered login page', () => {
  it('keeps what is typed at first paint and logs in with a click on its button made before the app rendered', async () => {
    const user = await e2e.signUpAndVerify();
    const { page, errors } = await e2e.newPage();
    const main = await holdMainScript(page);
    await page.goto(e2e.url('/login'), { waitUntil: 'commit' });
    await prerendered(page, 'input[type="email"]').waitFor();

    await clickAndType(page, 'input[type="email"]', user.email);
    await clickAndType(page, 'input[type="password"]', user.password);
    await expect.poll(() => prerendered(page, 'button[type="submit"]').isEnabled()).toBe(true);
    const button = await prerendered(page, 'button[type="submit"]').boundingBox();
    await page.mouse.click(button!.x + button!.width / 2, button!.y + button!.height / 2);

    // All of that happened on the prerendered page: the app's script had not even arrived.
    expect(main.state.requested).toBe(true);
    expect(await page.getByTestId('login-page').count()).toBe(0);
    expect(await prerendered(page, 'input[type="email"]').inputValue()).toBe(user.email);

    main.release();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await page.getByTestId('logout-button').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toMatch(/^ey/);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  for (const [locale, width, height] of [
    ['en-us', 1280, 800],
    ['pt-pt', 1280, 800],
    ['en-us', 390, 844],
    ['pt-pt', 390, 844],
  ] as const) {
    it(`hands the typed values and the focus over to the app (${locale}, ${width}x${height}), where Enter logs in`, async () => {
      const user = await e2e.signUpAndVerify();
      const { page, context, errors } = await e2e.newPage({ viewport: { width, height } });
      await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
      const main = await holdMainScript(page);
      await page.goto(e2e.url('/login'), { waitUntil: 'commit' });
      await prerendered(page, 'input[type="email"]').waitFor();
      await clickAndType(page, 'input[type="email"]', user.email);
      await clickAndType(page, 'input[type="password"]', user.password.slice(0, 4));
      await e2e.screenshot(page, `first-paint-login-typed-${locale}-${width}`);

      main.release();
      await page.getByTestId('login-page').waitFor();
      // The app's own form (React's, with its test hook) has the values, and the caret is still in the password field.
      expect(await page.locator('[data-prerendered]').count()).toBe(0);
      expect(await page.locator('input[name="email"]').inputValue()).toBe(user.email);
      expect(await page.locator('input[name="password"]').inputValue()).toBe(user.password.slice(0, 4));
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
      await page.keyboard.type(user.password.slice(4));
      await e2e.screenshot(page, `first-paint-login-app-${locale}-${width}`);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
      await page.getByTestId('logout-button').waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});

describe('the prerendered welcome page on a phone', () => {
  it('opens the menu once the app is there when its menu button was tapped before the app rendered', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const main = await holdMainScript(page);
    await page.goto(e2e.url('/'), { waitUntil: 'commit' });
    await firstPaint(page);
    const burger = await prerendered(page, '.mantine-Burger-root').boundingBox();
    if (!burger) throw new Error('the prerendered menu button is not painted');
    await page.touchscreen.tap(burger.x + burger.width / 2, burger.y + burger.height / 2);
    expect(await page.locator('[data-menu="/about"]').count()).toBe(0);

    main.release();
    const about = page.locator('[data-menu="/about"]');
    await about.waitFor({ state: 'attached' });
    await page.waitForFunction(() => (document.querySelector('[data-menu="/about"]')?.getBoundingClientRect().left ?? -1) >= 0);
    await e2e.screenshot(page, 'first-paint-welcome-menu-390');
    await about.click();
    await page.waitForURL((u) => u.pathname === '/about');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the shell once the app is there', () => {
  it('switches the theme on a press of its button that was held while the header tooltips arrived', async () => {
    const { page, errors } = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // The tooltips arrive with the first interaction (here the pointer over the button); held, they land mid-press.
    const overlaysScript = /\/assets\/shell-overlays-[^/]+\.js$/;
    const overlays = await holdScript(page, overlaysScript);
    await page.goto(e2e.url('/'));
    await page.waitForFunction(() => !document.querySelector('#root [data-prerendered]') && document.querySelector('[data-testid="theme-toggle"]'));
    const box = await page.getByTestId('theme-toggle').boundingBox();
    if (!box) throw new Error('the theme button is not painted');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => overlays.state.requested).toBe(true);
    await page.mouse.down();
    const arrived = page.waitForResponse(overlaysScript);
    overlays.release();
    await arrived;
    // A slow tap: the press lasts a while after the tooltips' module came, time enough for it to wrap the button.
    await page.waitForTimeout(300);
    await page.mouse.up();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
    // The tooltips did arrive: the button, still under the pointer, now has its tooltip.
    await page.mouse.move(0, 0);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole('tooltip').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

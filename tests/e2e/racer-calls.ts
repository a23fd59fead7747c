/** Shared e2e steps of the sharing tests: API calls as a given racer, and screenshots in both languages and sizes. */
import type { Page } from 'playwright-core';
import { untilStill, type Credentials, type E2E } from './harness';

/**
 * `api(path, { as: racer })`: a call to the test's server as that racer (logged in once, the token kept), the JSON
 * answer returned; any non-2xx throws with its status and body.
 */
export function racerCalls(e2e: E2E) {
  const tokens = new Map<string, string>();
  return async function api<T>(path: string, init: RequestInit & { as?: Credentials } = {}): Promise<T> {
    let token = init.as ? tokens.get(init.as.email) : undefined;
    if (init.as && !token) {
      const res = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: init.as.email, password: init.as.password }) });
      token = ((await res.json()) as { accessToken: string }).accessToken;
      tokens.set(init.as.email, token);
    }
    const res = await fetch(e2e.url(`/api${path}`), { ...init, headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

/**
 * Screenshots `<name>-<locale>-<width>` at 1280x800 and 390x844 in both languages: the page loaded once in each
 * language at 1280x800 (`ready` after the load), shot, resized to 390x844 (as a window is) and shot again. pt-pt
 * first, so that it ends as it began: en-us at 1280x800, freshly loaded and `ready`.
 */
export async function shotsInBothLanguages(e2e: E2E, page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const locale of ['pt-pt', 'en-us'] as const) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await ready();
    for (const [w, h] of [[1280, 800], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await untilStill(page);
      await e2e.screenshot(page, `${name}-${locale}-${w}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await untilStill(page);
}

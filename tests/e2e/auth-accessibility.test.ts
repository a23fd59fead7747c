/**
 * axe-core on the public and account screens, in light and dark themes: no serious or critical violations
 * (contrast of the primary colour, dimmed text and toasts, names of icon buttons, links inside text).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

describe('accessibility of the public and account screens', () => {
  it.each(['light', 'dark'])('has no serious or critical axe violations in the %s theme', async (theme) => {
    // axe is injected as an inline script, which the server's CSP forbids: bypass it for the audit only.
    const { page } = await e2e.newPage({ bypassCSP: true });
    await page.goto(e2e.url('/'));
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    const found: string[] = [];
    // The failed verification shows an error toast too.
    for (const path of ['/', '/about', '/login', '/register', '/reset-password', '/verify?token=not-a-real-token-123456', '/change-password?token=x', '/no-such-page']) {
      await page.goto(e2e.url(path));
      await page.locator('#root main').waitFor();
      if (path.startsWith('/verify')) await page.getByTestId('verify-failed').waitFor();
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } }).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations;
      });
      for (const v of violations) {
        if (v.impact === 'serious' || v.impact === 'critical') found.push(`${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});

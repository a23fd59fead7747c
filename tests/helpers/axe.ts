import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core for the browser end-to-end tests. axe is evaluated through the DevTools protocol (page.evaluate),
 * which the page's Content-Security-Policy does not govern - so audits run under the real CSP, and the same
 * pages can be checked for CSP violations (`watchCspViolations`) at the same time.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Every axe violation on the current page (WCAG 2.x A/AA and best-practice rules). */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

/** The serious and critical violations as readable lines ('<label> <rule>: <targets>'). */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

/**
 * Collects Content-Security-Policy violations of a page across navigations: the `securitypolicyviolation` events
 * (reported by an init script, itself not subject to the CSP, through an exposed binding) and Chromium's console
 * reports. Call before the first navigation; the returned function gives everything seen so far.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('__astroCspViolation', (line: string) => {
    seen.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __astroCspViolation?: (l: string) => void }).__astroCspViolation;
      report?.(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return () => [...seen];
}

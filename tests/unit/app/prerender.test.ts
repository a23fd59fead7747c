import { describe, expect, it } from 'vitest';
import { renderShell } from '../../../src/app/prerender/render-shell';

describe('the prerendered first screens of index.html', () => {
  it('renders the welcome page signed out with the shell around it, in the asked locale', async () => {
    const en = await renderShell('/', 'en-us', 't0-');
    expect(en).toContain('data-testid="intro-video"');
    expect(en).toContain('Welcome to ASTRO Companion');
    expect(en).toContain('data-testid="login-button"');
    const pt = await renderShell('/', 'pt-pt', 't1-');
    expect(pt).not.toContain('Welcome to ASTRO Companion');
    expect(pt).toContain('Bem-vindo ao ASTRO Companion');
  });

  it('renders the login form and never emits an inline script (CSP script-src self)', async () => {
    const html = await renderShell('/login', 'en-us', 't2-');
    expect(html).toContain('data-testid="login-page"');
    expect(html).toMatch(/<input[^>]+name="email"/);
    expect(html).not.toMatch(/<script\b/i);
  });

  it('keeps React ids apart between copies by their prefix', async () => {
    const a = await renderShell('/login', 'en-us', 'ca-');
    const b = await renderShell('/login', 'en-us', 'cb-');
    expect(a).toMatch(/id="mantine-_ca-/);
    expect(b).toMatch(/id="mantine-_cb-/);
    expect(b).not.toMatch(/id="mantine-_ca-/);
  });
});

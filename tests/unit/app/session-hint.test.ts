// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { hasSessionHint, SESSION_HINT_KEY, setSessionHint } from '../../../src/app/session-hint';

describe('session hint', () => {
  beforeEach(() => localStorage.clear());

  it('is absent on a device nobody has signed in on', () => {
    expect(hasSessionHint()).toBe(false);
  });

  it('is set while someone is signed in and gone once they sign out', () => {
    setSessionHint(true);
    expect(hasSessionHint()).toBe(true);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    setSessionHint(false);
    expect(hasSessionHint()).toBe(false);
  });

  it('is gone after a logout clears localStorage', () => {
    setSessionHint(true);
    localStorage.clear();
    expect(hasSessionHint()).toBe(false);
  });

  it('uses the key public/theme-init.js reads', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync('public/theme-init.js', 'utf8')).toContain(`localStorage.getItem('${SESSION_HINT_KEY}') !== '1'`);
  });
});

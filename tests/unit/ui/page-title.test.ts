import { describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/ui/page-title';

describe('the tab title', () => {
  it('is the product name when no transfer runs', () => {
    expect(pageTitle()).toBe('ASTRO Companion');
    expect(pageTitle(null)).toBe('ASTRO Companion');
  });

  it('adds the transfer percentage, capped at 100%', () => {
    expect(pageTitle(42.7)).toBe('ASTRO Companion 42%');
    expect(pageTitle(0)).toBe('ASTRO Companion 0%');
    expect(pageTitle(130)).toBe('ASTRO Companion 100%');
    expect(pageTitle(Number.NaN)).toBe('ASTRO Companion');
  });
});

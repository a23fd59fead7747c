// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, themeColorSchemeManager } from '../../../src/app/theme/color-scheme';

afterEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('the theme storage', () => {
  it("keeps the theme in localStorage 'theme' and puts the dark class on <html>", () => {
    const manager = themeColorSchemeManager();
    manager.set('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    manager.set('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('reads the stored theme back, and falls back to light for anything else', () => {
    const manager = themeColorSchemeManager();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(manager.get('light')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(manager.get('light')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it("stores 'auto' as light, since the spec knows only light and dark", () => {
    themeColorSchemeManager().set('auto');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

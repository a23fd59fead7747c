/**
 * Light/dark theme: kept in localStorage under `theme` ('light' or 'dark'); dark mode is a `dark`
 * class on <html> (besides Mantine's data-mantine-color-scheme attribute). index.html applies the stored value
 * before the bundle loads so there is no flash of the wrong theme.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** @internal Exported for its tests. */
export const THEME_STORAGE_KEY = 'theme';
type Theme = 'light' | 'dark';

function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** Puts or removes the `dark` class on the root element. */
function applyThemeClass(theme: Theme, root: HTMLElement | undefined = typeof document === 'undefined' ? undefined : document.documentElement): void {
  root?.classList.toggle('dark', theme === 'dark');
}

/** Mantine's colour-scheme storage, under our key and with the class side effect. 'auto' is stored as light. */
export function themeColorSchemeManager(storage: () => Storage | undefined = () => (typeof localStorage === 'undefined' ? undefined : localStorage)): MantineColorSchemeManager {
  let listener: ((e: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue: MantineColorScheme) => {
      let stored: Theme | null = null;
      try {
        stored = parseTheme(storage()?.getItem(THEME_STORAGE_KEY));
      } catch {
        stored = null;
      }
      const value: Theme = stored ?? (defaultValue === 'dark' ? 'dark' : 'light');
      applyThemeClass(value);
      return value;
    },
    set: (value: MantineColorScheme) => {
      const theme: Theme = value === 'dark' ? 'dark' : 'light';
      applyThemeClass(theme);
      try {
        storage()?.setItem(THEME_STORAGE_KEY, theme);
      } catch {
        // Storage unavailable: the theme lasts for this page.
      }
    },
    subscribe: (onUpdate) => {
      // Another tab changed the theme.
      listener = (e) => {
        const theme = e.key === THEME_STORAGE_KEY ? parseTheme(e.newValue) : null;
        if (theme) {
          applyThemeClass(theme);
          onUpdate(theme);
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = undefined;
    },
    clear: () => {
      try {
        storage()?.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing stored
      }
    },
  };
}

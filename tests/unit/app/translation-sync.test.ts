// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, missingKeys, startTranslationSync } from '../../../src/app/i18n/setup';
import { OVERRIDES_STORAGE_KEY } from '../../../src/app/i18n/overrides';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  localStorage.clear();
});

describe('the translation sync', () => {
  it('applies and caches the server overrides, and reports the collected missing keys', async () => {
    missingKeys.add('pt-pt', 'app:never.translated');
    const reportMissing = vi.fn(async () => undefined);
    const fetchOverrides = vi.fn(async () => [{ id: 1, locale: 'en-us', key: 'app:menu.circuits', value: 'Tracks', createdAt: '', updatedAt: '' }]);
    stop = startTranslationSync({ fetchOverrides, reportMissing }, i18n, 60_000);
    await vi.waitFor(() => expect(reportMissing).toHaveBeenCalled());
    expect(i18n.t('app:menu.circuits', { lng: 'en-us' })).toBe('Tracks');
    expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual([{ locale: 'en-us', key: 'app:menu.circuits', value: 'Tracks' }]);
    expect(reportMissing).toHaveBeenCalledWith({ locale: 'pt-pt', keys: ['app:never.translated'] });
    expect(missingKeys.list()).toEqual([]);
  });

  it('renders the screens again only when the overrides from the server differ from the cached ones applied at start', async () => {
    const rows = [{ locale: 'en-us', key: 'app:menu.leaderboards', value: 'Rankings' }];
    localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(rows));
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    try {
      // A missing key makes the sync report once it has applied (or skipped) the overrides: the point to check at.
      missingKeys.add('pt-pt', 'app:first.missing');
      const reportMissing = vi.fn(async () => undefined);
      stop = startTranslationSync({ fetchOverrides: async () => rows, reportMissing }, i18n, 60_000);
      await vi.waitFor(() => expect(reportMissing).toHaveBeenCalled());
      expect(changed).not.toHaveBeenCalled();
      stop();
      const edited = [{ locale: 'en-us', key: 'app:menu.leaderboards', value: 'Standings' }];
      stop = startTranslationSync({ fetchOverrides: async () => edited, reportMissing }, i18n, 60_000);
      await vi.waitFor(() => expect(changed).toHaveBeenCalled());
      expect(i18n.t('app:menu.leaderboards', { lng: 'en-us' })).toBe('Standings');
    } finally {
      i18n.off('languageChanged', changed);
    }
  });

  it('keeps the missing keys when the server cannot be reached', async () => {
    missingKeys.add('en-us', 'app:also.missing');
    const reportMissing = vi.fn(async () => {
      throw new Error('offline');
    });
    stop = startTranslationSync({ fetchOverrides: async () => Promise.reject(new Error('offline')), reportMissing }, i18n, 60_000);
    await vi.waitFor(() => expect(reportMissing).toHaveBeenCalled());
    expect(missingKeys.list()).toContainEqual({ locale: 'en-us', key: 'app:also.missing' });
  });
});

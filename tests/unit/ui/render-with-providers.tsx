/** Renders a component inside Mantine and an i18next instance holding the given namespaces (tests only). */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { dataTableI18n } from '../../../src/ui/data-table/i18n';

type Bundle = Record<'en-us' | 'pt-pt', Record<string, unknown>>;

function makeI18n(locale: 'en-us' | 'pt-pt' = 'en-us', extra: Record<string, Bundle> = {}) {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  const all: Record<string, Bundle> = { dataTable: dataTableI18n, ...extra };
  const resources: Record<string, Record<string, Record<string, unknown>>> = { 'en-us': {}, 'pt-pt': {} };
  for (const [ns, bundle] of Object.entries(all)) {
    resources['en-us'][ns] = bundle['en-us'];
    resources['pt-pt'][ns] = bundle['pt-pt'];
  }
  void instance.init({ resources, lng: locale, fallbackLng: 'en-us', lowerCaseLng: true, ns: Object.keys(all), defaultNS: 'dataTable', interpolation: { escapeValue: false }, initAsync: false });
  return instance;
}

/** happy-dom lacks matchMedia and ResizeObserver which Mantine touches. */
function installDomShims() {
  if (!window.matchMedia) {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

export function renderWithProviders(ui: ReactElement, options: { locale?: 'en-us' | 'pt-pt'; namespaces?: Record<string, Bundle> } = {}) {
  installDomShims();
  const i18n = makeI18n(options.locale, options.namespaces);
  return render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </MantineProvider>,
  );
}

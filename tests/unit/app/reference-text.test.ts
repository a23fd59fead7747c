import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/app/i18n/setup';
import { MissingKeyCollector } from '../../../src/app/i18n/missing-keys';
import { applyOverrides } from '../../../src/app/i18n/overrides';
import { referenceText, referenceTexts } from '../../../src/app/i18n/reference-text';
import { referenceRowKeyPrefix, referenceTextKey } from '../../../src/contracts/reference-text-keys';

const collector = () => new MissingKeyCollector(undefined);
const ptInstance = () => createI18n({ locale: 'pt-pt', collector: collector(), withReact: false });

describe('reference text keys', () => {
  it('names one row and field per key, in the ref namespace', () => {
    expect(referenceTextKey('country', 12, 'name')).toBe('ref:country.12.name');
    expect(referenceTextKey('circuit', 7, 'description')).toBe('ref:circuit.7.description');
    expect(referenceTextKey('firmware', '1.5.0', 'notes')).toBe('ref:firmware.1.5.0.notes');
    expect(referenceTextKey('country', 12, 'name').startsWith(referenceRowKeyPrefix('country', 12))).toBe(true);
    expect(referenceTextKey('country', 123, 'name').startsWith(referenceRowKeyPrefix('country', 12))).toBe(false);
  });
});

describe('reference data in the reader language', () => {
  it('shows the translation of the current language, else the stored text', () => {
    const i18n = ptInstance();
    applyOverrides(i18n, [
      { locale: 'pt-pt', key: 'ref:country.5.name', value: 'Alemanha' },
      { locale: 'pt-pt', key: 'ref:firmware.1.5.0.notes', value: 'Notas' },
      { locale: 'en-us', key: 'ref:country.6.name', value: 'Republic of Italy' },
    ]);
    expect(referenceText(i18n, 'country', 5, 'name', 'Germany')).toBe('Alemanha');
    // No pt-pt text for country 6: the stored name, never another language's override.
    expect(referenceText(i18n, 'country', 6, 'name', 'Italy')).toBe('Italy');
    // A version with dots is one flat key, not a nested path.
    expect(referenceText(i18n, 'firmware', '1.5.0', 'notes', 'Notes')).toBe('Notas');
    expect(referenceText(i18n, 'country', null, 'name', 'Nowhere')).toBe('Nowhere');
  });

  it('follows a language change', async () => {
    const i18n = ptInstance();
    applyOverrides(i18n, [{ locale: 'pt-pt', key: 'ref:circuitType.1.name', value: 'Kartódromo' }]);
    expect(referenceText(i18n, 'circuitType', 1, 'name', 'Kart')).toBe('Kartódromo');
    await i18n.changeLanguage('en-us');
    expect(referenceText(i18n, 'circuitType', 1, 'name', 'Kart')).toBe('Kart');
  });

  it('treats an empty translation as none', () => {
    const i18n = ptInstance();
    applyOverrides(i18n, [{ locale: 'pt-pt', key: 'ref:vehicleType.3.name', value: '  ' }]);
    expect(referenceText(i18n, 'vehicleType', 3, 'name', 'Car')).toBe('Car');
  });

  it('forgets a translation the server no longer has when the overrides are applied again', () => {
    const i18n = ptInstance();
    applyOverrides(i18n, [
      { locale: 'pt-pt', key: 'ref:country.5.name', value: 'Alemanha' },
      { locale: 'pt-pt', key: 'app:menu.circuits', value: 'Pistas' },
    ]);
    applyOverrides(i18n, [{ locale: 'pt-pt', key: 'ref:country.9.name', value: 'Suécia' }]);
    expect(referenceText(i18n, 'country', 5, 'name', 'Germany')).toBe('Germany');
    expect(referenceText(i18n, 'country', 9, 'name', 'Sweden')).toBe('Suécia');
  });

  it('never reports a reference key as a missing UI string', () => {
    const missing = collector();
    const i18n = createI18n({ locale: 'pt-pt', collector: missing, withReact: false });
    referenceText(i18n, 'country', 77, 'name', 'Atlantis');
    expect(missing.list()).toEqual([]);
  });

  it('sorts select options by the shown name in the reader language', () => {
    const i18n = ptInstance();
    applyOverrides(i18n, [
      { locale: 'pt-pt', key: 'ref:country.1.name', value: 'Alemanha' },
      { locale: 'pt-pt', key: 'ref:country.2.name', value: 'Espanha' },
      { locale: 'pt-pt', key: 'ref:country.3.name', value: 'Áustria' },
    ]);
    const rows = [
      { id: 1, name: 'Germany' },
      { id: 2, name: 'Spain' },
      { id: 3, name: 'Austria' },
      { id: 4, name: 'Brazil' },
    ];
    expect(referenceTexts(i18n).options('country', rows).map((o) => o.label)).toEqual(['Alemanha', 'Áustria', 'Brazil', 'Espanha']);
    expect(referenceTexts(i18n).name('country', rows[0])).toBe('Alemanha');
    expect(referenceTexts(i18n).name('country', null)).toBe('');
  });
});

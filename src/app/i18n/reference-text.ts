/**
 * Reference data in the reader's language: a country, circuit type, vehicle type or category name, a circuit
 * description or firmware notes is shown through its translation (an override under 'ref:<kind>.<id>.<field>',
 * fetched with the other overrides and kept offline with them), falling back to the stored text when the
 * language has none. The stored text is what the device and the server's filters see; only the display changes.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { REFERENCE_TEXT_NS, referenceTextPath, type ReferenceTextField, type ReferenceTextKind } from '../../contracts/reference-text-keys';
import { intlLocale } from './format';
import { currentLocale } from './setup';

/**
 * The text of one row's field in the instance's language, else `stored` (also for a row without an id).
 * @internal Exported for its tests.
 */
export function referenceText(instance: I18n, kind: ReferenceTextKind, id: number | string | null | undefined, field: ReferenceTextField, stored: string): string {
  if (id === null || id === undefined) return stored;
  const value: unknown = instance.getResource(currentLocale(instance), REFERENCE_TEXT_NS, referenceTextPath(kind, id, field), { keySeparator: false });
  return typeof value === 'string' && value.trim() !== '' ? value : stored;
}

interface NamedRow {
  id: number;
  name: string;
}

/** What screens use: names and texts in the current language, and select options sorted in it. */
export interface ReferenceTexts {
  name(kind: ReferenceTextKind, row: NamedRow | null | undefined): string;
  text(kind: ReferenceTextKind, id: number | string | null | undefined, field: ReferenceTextField, stored: string): string;
  /** `{ value: id, label: name }` for a Select, sorted by the shown name in the current language. */
  options(kind: ReferenceTextKind, rows: readonly NamedRow[]): { value: string; label: string }[];
}

/** @internal Exported for its tests. */
export function referenceTexts(instance: I18n): ReferenceTexts {
  const collator = new Intl.Collator(intlLocale(currentLocale(instance)), { sensitivity: 'base' });
  const text: ReferenceTexts['text'] = (kind, id, field, stored) => referenceText(instance, kind, id, field, stored);
  const name: ReferenceTexts['name'] = (kind, row) => (row ? text(kind, row.id, 'name', row.name) : '');
  return {
    name,
    text,
    options: (kind, rows) => rows.map((r) => ({ value: String(r.id), label: name(kind, r) })).sort((a, b) => collator.compare(a.label, b.label)),
  };
}

/** `referenceTexts` for React: re-made when the language changes or new translations arrive (they re-emit it). */
export function useReferenceTexts(): ReferenceTexts {
  const { i18n, t } = useTranslation();
  return useMemo(() => referenceTexts(i18n), [i18n, t]);
}

/**
 * Locale-aware formatting: en-us uses US dollars and 12-hour times, pt-pt euros and 24-hour times;
 * decimals and percentages always show 2 fraction digits. Pure functions over Intl, cached per locale.
 */
import type { Locale } from '../../contracts/translations';

const BCP47: Record<Locale, string> = { 'en-us': 'en-US', 'pt-pt': 'pt-PT' };
const CURRENCY: Record<Locale, 'USD' | 'EUR'> = { 'en-us': 'USD', 'pt-pt': 'EUR' };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f as T;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The BCP 47 tag Intl expects for one of our locale codes. */
export function intlLocale(locale: Locale): string {
  return BCP47[locale];
}

const zoneKnown = new Map<string, boolean>();
/** `timeZone` when this runtime knows it, else undefined (this runtime's zone): a bad zone never throws. */
function usableZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  let known = zoneKnown.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    zoneKnown.set(timeZone, known);
  }
  return known ? timeZone : undefined;
}

/** Calendar date: 11/21/2026 (en-us), 21/11/2026 (pt-pt); in `timeZone` (IANA) when given and known. */
export function formatDate(value: Date | string | number, locale: Locale, timeZone?: string): string {
  timeZone = usableZone(timeZone);
  return cached(`d|${locale}|${timeZone ?? ''}`, () =>
    new Intl.DateTimeFormat(BCP47[locale], { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }),
  ).format(toDate(value));
}

/** Clock time: 2:05 PM (en-us, 12 h), 14:05 (pt-pt, 24 h). */
export function formatTime(value: Date | string | number, locale: Locale, timeZone?: string): string {
  timeZone = usableZone(timeZone);
  return cached(`t|${locale}|${timeZone ?? ''}`, () =>
    new Intl.DateTimeFormat(BCP47[locale], { hour: 'numeric', minute: '2-digit', hour12: locale === 'en-us', timeZone }),
  ).format(toDate(value));
}

/** Date and time together, each part per the rules above. */
export function formatDateTime(value: Date | string | number, locale: Locale, timeZone?: string): string {
  return `${formatDate(value, locale, timeZone)} ${formatTime(value, locale, timeZone)}`;
}

/** A number with exactly 2 decimals and locale grouping: 1,234.50 / 1234,50. */
export function formatNumber(value: number, locale: Locale, fractionDigits = 2): string {
  return cached(`n|${locale}|${fractionDigits}`, () =>
    new Intl.NumberFormat(BCP47[locale], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(value);
}

/** A ratio (0.425) as a percentage with 2 decimals: 42.50% / 42,50 %. */
export function formatPercent(ratio: number, locale: Locale): string {
  return cached(`p|${locale}`, () =>
    new Intl.NumberFormat(BCP47[locale], { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(ratio);
}

/** An amount in the locale's currency: $1,234.50 (en-us), 1234,50 € (pt-pt). */
export function formatCurrency(amount: number, locale: Locale): string {
  return cached(`c|${locale}`, () => new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency: CURRENCY[locale] })).format(amount);
}

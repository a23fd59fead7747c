/**
 * Formatting in the current UI locale for React screens: `const f = useFormat(); f.date(iso); f.time(ms);
 * f.number(12.3); f.percent(0.42); f.currency(9.5)`. Re-renders when the locale changes.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatPercent, formatTime } from './format';
import { currentLocale } from './setup';

export function useFormat() {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return useMemo(
    () => ({
      locale,
      date: (v: Date | string | number, timeZone?: string) => formatDate(v, locale, timeZone),
      time: (v: Date | string | number, timeZone?: string) => formatTime(v, locale, timeZone),
      dateTime: (v: Date | string | number, timeZone?: string) => formatDateTime(v, locale, timeZone),
      number: (v: number, fractionDigits?: number) => formatNumber(v, locale, fractionDigits),
      percent: (ratio: number) => formatPercent(ratio, locale),
      currency: (amount: number) => formatCurrency(amount, locale),
    }),
    [locale],
  );
}

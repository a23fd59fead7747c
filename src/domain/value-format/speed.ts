/**
 * Speed text: km/h to one decimal. `locale` (a BCP 47 tag such as 'en-US' or 'pt-PT') picks the decimal
 * separator; without it the text is locale-neutral ('123.4'). Non-finite speeds are shown as '-'.
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatSpeedKmh(kmh: number, locale?: string): string {
  if (!Number.isFinite(kmh)) return '-';
  if (!locale) return (Math.round(kmh * 10) / 10).toFixed(1);
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    formatters.set(locale, f);
  }
  return f.format(kmh);
}

import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatPercent, formatTime } from '../../../src/app/i18n/format';

// 21 Nov 2026, 14:05 UTC; formatted in UTC so the test does not depend on the machine's zone.
const when = Date.UTC(2026, 10, 21, 14, 5);
/** Intl uses narrow/non-breaking spaces in some outputs: compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('locale formatting', () => {
  it('writes dates month-first in en-us and day-first in pt-pt', () => {
    expect(formatDate(when, 'en-us', 'UTC')).toBe('11/21/2026');
    expect(formatDate(when, 'pt-pt', 'UTC')).toBe('21/11/2026');
  });

  it('writes times on a 12-hour clock in en-us and a 24-hour clock in pt-pt', () => {
    expect(plain(formatTime(when, 'en-us', 'UTC'))).toBe('2:05 PM');
    expect(formatTime(when, 'pt-pt', 'UTC')).toBe('14:05');
  });

  it('writes numbers with exactly two decimals and the locale separators', () => {
    expect(formatNumber(1234.5, 'en-us')).toBe('1,234.50');
    expect(plain(formatNumber(1234.5, 'pt-pt'))).toMatch(/^1\s?234,50$/);
    expect(formatNumber(2, 'en-us')).toBe('2.00');
  });

  it('writes percentages with two decimals', () => {
    expect(formatPercent(0.425, 'en-us')).toBe('42.50%');
    expect(plain(formatPercent(0.425, 'pt-pt'))).toMatch(/^42,50 ?%$/);
  });

  it('uses dollars in en-us and euros in pt-pt', () => {
    expect(formatCurrency(1234.5, 'en-us')).toBe('$1,234.50');
    expect(plain(formatCurrency(1234.5, 'pt-pt'))).toMatch(/^1\s?234,50 €$/);
  });

  it("shows a moment in a given zone (a circuit's), and in this runtime's when the zone is unknown", () => {
    const at = '2026-01-17T06:31:00.000Z';
    expect(formatDateTime(at, 'pt-pt', 'Asia/Tbilisi')).toBe('17/01/2026 10:31');
    expect(plain(formatDateTime(at, 'en-us', 'Asia/Tbilisi'))).toBe('01/17/2026 10:31 AM');
    expect(formatDateTime(at, 'pt-pt', 'Not/AZone')).toBe(formatDateTime(at, 'pt-pt'));
  });
});


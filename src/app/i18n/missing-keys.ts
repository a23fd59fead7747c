/**
 * Missing translation keys (listed for admins on Missing Translations): every key i18next cannot resolve is remembered in localStorage
 * (`missing_translations`) and reported to POST /api/translations/missing when the browser is online, for the
 * admin screen Missing Translations. Reported keys are dropped from the list; failures keep them for next time.
 */
import { parseLocale, type Locale } from '../../contracts/locales';

/** @internal Exported for its tests. */
export const MISSING_KEYS_STORAGE_KEY = 'missing_translations';
/** The list is capped so a broken build cannot fill localStorage. */
const MISSING_KEYS_CAP = 500;
/** The server accepts at most this many keys per report (contracts/translations.ts). */
const REPORT_BATCH = 200;

export interface MissingKey {
  locale: Locale;
  key: string;
}

/**
 * The stored list, checked by hand (zod is not part of the first load): an array of { locale, key (1-200
 * characters) }; anything else, or any bad item, reads as an empty list.
 */
function parseStored(raw: unknown): MissingKey[] | null {
  if (!Array.isArray(raw)) return null;
  const out: MissingKey[] = [];
  for (const item of raw as unknown[]) {
    if (!item || typeof item !== 'object') return null;
    const { locale, key } = item as { locale?: unknown; key?: unknown };
    const parsed = parseLocale(locale);
    if (!parsed || typeof key !== 'string' || key.length < 1 || key.length > 200) return null;
    out.push({ locale: parsed, key });
  }
  return out;
}

export type ReportMissing = (report: { locale: Locale; keys: string[] }) => Promise<unknown>;

export class MissingKeyCollector {
  private flushing: Promise<void> | null = null;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {}

  /** The keys collected and not yet reported. Corrupt storage reads as an empty list. */
  list(): MissingKey[] {
    try {
      return parseStored(JSON.parse(this.storage?.getItem(MISSING_KEYS_STORAGE_KEY) ?? '[]')) ?? [];
    } catch {
      return [];
    }
  }

  /** Remembers one missing key (once per locale). Keys over 200 characters are not reportable and are skipped. */
  add(locale: Locale, key: string): void {
    if (!key || key.length > 200) return;
    const items = this.list();
    if (items.some((i) => i.locale === locale && i.key === key)) return;
    if (items.length >= MISSING_KEYS_CAP) return;
    items.push({ locale, key });
    this.save(items);
  }

  /**
   * Sends everything collected, grouped per locale in batches; a batch that fails stays in the list.
   * Concurrent calls share one flush.
   */
  flush(report: ReportMissing): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.doFlush(report).finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async doFlush(report: ReportMissing): Promise<void> {
    const pending = this.list();
    const sent = new Set<string>();
    const byLocale = new Map<Locale, string[]>();
    for (const item of pending) byLocale.set(item.locale, [...(byLocale.get(item.locale) ?? []), item.key]);
    for (const [locale, keys] of byLocale) {
      for (let i = 0; i < keys.length; i += REPORT_BATCH) {
        const batch = keys.slice(i, i + REPORT_BATCH);
        try {
          await report({ locale, keys: batch });
          for (const k of batch) sent.add(`${locale}|${k}`);
        } catch {
          // Offline or server error: keep the batch for the next flush.
        }
      }
    }
    if (sent.size === 0) return;
    // Re-read: keys may have been added while the reports were in flight.
    this.save(this.list().filter((i) => !sent.has(`${i.locale}|${i.key}`)));
  }

  private save(items: MissingKey[]): void {
    try {
      this.storage?.setItem(MISSING_KEYS_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Quota exceeded: the keys will be seen again on the next render.
    }
  }
}

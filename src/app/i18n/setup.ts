/**
 * The i18next instance of the app: bundled namespaces (resources.ts), locale from localStorage, missing keys
 * collected (missing-keys.ts), admin overrides merged (overrides.ts). `startTranslationSync` connects the last
 * two to the API once the data layer is available; the instance itself works fully offline.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_CODES, parseLocale, type Locale } from '../../contracts/locales';
import { buildResources, namespaces } from './resources';
import { readStoredLocale, safeLocalStorage, storeLocale } from './locale';
import { MissingKeyCollector, type ReportMissing } from './missing-keys';
import { applyOverrides, cacheOverrides, parseOverrides, readCachedOverrides, sameOverrides } from './overrides';

/** @internal Exported for its tests. */
export const missingKeys = new MissingKeyCollector(safeLocalStorage());

/**
 * Creates and initialises (synchronously) an i18next instance. Tests pass their own storage and locale.
 * @internal Exported for its tests.
 */
export function createI18n(options: { locale?: Locale; collector?: MissingKeyCollector; withReact?: boolean } = {}): I18n {
  const instance = i18next.createInstance();
  const collector = options.collector ?? missingKeys;
  if (options.withReact !== false) instance.use(initReactI18next);
  void instance.init({
    resources: buildResources(),
    lng: options.locale ?? DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALE_CODES],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: Object.keys(namespaces),
    defaultNS: 'app',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
    saveMissing: true,
    saveMissingTo: 'current',
    missingKeyHandler: (lngs, ns, key) => {
      const locale = parseLocale(lngs[0] ?? instance.language);
      if (locale) collector.add(locale, `${ns}:${key}`);
    },
  });
  return instance;
}

/** The app-wide instance, in the locale the user chose last time. */
export const i18n = createI18n({ locale: readStoredLocale() });
applyOverrides(i18n, readCachedOverrides(safeLocalStorage()));
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'pt-pt' ? 'pt-PT' : 'en-US';
}

/** The current locale, narrowed to our two codes. */
export function currentLocale(instance: I18n = i18n): Locale {
  return parseLocale(instance.language) ?? DEFAULT_LOCALE;
}

/** Switches the UI language and remembers it in localStorage `locale`. */
export async function setLocale(locale: Locale, instance: I18n = i18n): Promise<void> {
  storeLocale(locale);
  await instance.changeLanguage(locale);
}

/**
 * Translates a spec or server message given as its English text (e.g. 'Login failed'). en-us shows the text
 * itself unless an admin override exists; other locales look it up in the `messages` namespace.
 */
export function translateMessage(text: string, instance: I18n = i18n): string {
  if (!text) return text;
  const opts = { ns: 'messages', keySeparator: false as const, nsSeparator: false as const };
  if (instance.exists(text, opts)) return instance.t(text, opts);
  const pattern = MESSAGE_PATTERNS.find((p) => p.match.test(text));
  const value = pattern ? text.match(pattern.match)?.[1] : undefined;
  if (pattern && value !== undefined && instance.exists(pattern.key, opts)) {
    // The value is a record name ('Circuit type') in some templates: translated when the catalogue knows it.
    const shown = instance.exists(value, opts) ? instance.t(value, opts) : value;
    return instance.t(pattern.key, { ...opts, 0: shown });
  }
  if (currentLocale(instance) === 'en-us') return text;
  return instance.t(text, { ...opts, defaultValue: text });
}

/**
 * Server messages that carry a value ('Too many requests. Try again in 3 minute(s).'): each is translated through
 * its template key in the `messages` namespace, '{{0}}' standing for the value.
 */
const MESSAGE_PATTERNS: readonly { match: RegExp; key: string }[] = [
  { match: /^Too many attempts for this e-mail address\. Try again in (\d+) minute\(s\)\.$/, key: 'Too many attempts for this e-mail address. Try again in {{0}} minute(s).' },
  { match: /^Too many requests\. Try again in (\d+) minute\(s\)\.$/, key: 'Too many requests. Try again in {{0}} minute(s).' },
  { match: /^Too many failed logins for this e-mail address from your network\. Try again in (\d+) minute\(s\), or reset your password\.$/, key: 'Too many failed logins for this e-mail address from your network. Try again in {{0}} minute(s), or reset your password.' },
  { match: /^Too many failed logins for this e-mail address from this browser\. Try again in (\d+) minute\(s\), or reset your password\.$/, key: 'Too many failed logins for this e-mail address from this browser. Try again in {{0}} minute(s), or reset your password.' },
  { match: /^Too many failed logins for this e-mail address\. Try again in (\d+) minute\(s\), or reset your password\.$/, key: 'Too many failed logins for this e-mail address. Try again in {{0}} minute(s), or reset your password.' },
  { match: /^At most (\d+) session uploads at a time\. Try again when one has finished\.$/, key: 'At most {{0}} session uploads at a time. Try again when one has finished.' },
  { match: /^(.+) is in use and cannot be deleted\.$/, key: '{{0}} is in use and cannot be deleted.' },
  { match: /^(.+) not found\.$/, key: '{{0}} not found.' },
  { match: /^Firmware (.+) already exists\.$/, key: 'Firmware {{0}} already exists.' },
  { match: /^The firmware image is invalid \((.+)\)\.$/, key: 'The firmware image is invalid ({{0}}).' },
  { match: /^Invalid request body: (.+)$/s, key: 'Invalid request body: {{0}}' },
  { match: /^Invalid query: (.+)$/s, key: 'Invalid query: {{0}}' },
  { match: /^No answer within (\d+) s$/, key: 'No answer within {{0}} s' },
  { match: /^Unexpected response: (.+)$/s, key: 'Unexpected response: {{0}}' },
];

export interface TranslationTransport {
  /** GET /api/translations. */
  fetchOverrides(): Promise<unknown>;
  /** POST /api/translations/missing. */
  reportMissing: ReportMissing;
}

let activeTransport: TranslationTransport | null = null;

/** Fetches the overrides now, caches and applies them (the admin Translations screens call this after an edit). */
export async function refreshTranslationOverrides(instance: I18n = i18n): Promise<void> {
  if (!activeTransport) return;
  const overrides = parseOverrides(await activeTransport.fetchOverrides());
  const storage = safeLocalStorage();
  // The cached list was applied at start: the same list again would only render every screen once more for nothing.
  if (storage && sameOverrides(readCachedOverrides(storage), overrides)) return;
  cacheOverrides(storage, overrides);
  applyOverrides(instance, overrides);
}

/**
 * Online work of the translation layer: fetch overrides (then cache them) and report missing keys, now and
 * whenever the browser comes back online, and every few minutes while it stays online. Returns a stop function.
 */
export function startTranslationSync(transport: TranslationTransport, instance: I18n = i18n, intervalMs = 5 * 60_000): () => void {
  activeTransport = transport;
  const run = async () => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    try {
      await refreshTranslationOverrides(instance);
    } catch {
      // Offline or the endpoint is unavailable: the cached overrides stay in effect.
    }
    await missingKeys.flush(transport.reportMissing);
  };
  void run();
  const onOnline = () => void run();
  window.addEventListener('online', onOnline);
  const timer = window.setInterval(() => void missingKeys.flush(transport.reportMissing), intervalMs);
  return () => {
    activeTransport = null;
    window.removeEventListener('online', onOnline);
    window.clearInterval(timer);
  };
}

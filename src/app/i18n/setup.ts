/**
 * The i18next instance of the app: the namespaces registered so far (registry.ts: the shell's own, `app` and
 * `messages`, here; each area's when the area loads, added to the instance as they come), locale from localStorage,
 * missing keys collected (missing-keys.ts), admin overrides merged (overrides.ts). `startTranslationSync` connects
 * the last two to the API once the data layer is available; the instance itself works fully offline.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_CODES, parseLocale, type Locale } from '../../contracts/locales';
import { messageOf, messageOfError, type Message, type MessageRef } from '../../contracts/messages';
import { UI_NAMESPACES } from '../../contracts/ui-namespaces';
import './app-i18n';
import { onTextsRegistered, registeredTexts, type TextBundle } from './registry';
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
    resources: resourcesOf(registeredTexts()),
    lng: options.locale ?? DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALE_CODES],
    lowerCaseLng: true,
    load: 'currentOnly',
    ns: [...UI_NAMESPACES],
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
  // An area that loads later (a route's screen, a panel loaded on demand) brings its texts before it renders. Its
  // bundle goes under what is there: an admin's override applied before it came stays.
  onTextsRegistered((ns, bundle) => {
    for (const locale of LOCALE_CODES) instance.addResourceBundle(locale, ns, bundle[locale], true, false);
  });
  return instance;
}

/** i18next `resources` of the registered namespaces: { locale: { namespace: texts } }. */
function resourcesOf(texts: ReadonlyMap<string, TextBundle>): Record<Locale, Record<string, Record<string, unknown>>> {
  const out: Record<Locale, Record<string, Record<string, unknown>>> = { 'en-us': {}, 'pt-pt': {} };
  for (const [ns, bundle] of texts) for (const locale of LOCALE_CODES) out[locale][ns] = bundle[locale];
  return out;
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
 * A message in the current locale: one of the catalogue (src/contracts/messages.ts: an id, with its values) by its
 * text in the `messages` namespace; a message without an id this app knows (a foreign proxy's answer, a browser's
 * error, a row kept before messages had ids) as it came.
 */
export function translateMessage(message: Message | MessageRef, instance: I18n = i18n): string {
  const m = typeof message === 'string' || !('text' in message) ? messageOf(message) : message;
  if (!m.id || !instance.exists(m.id, { ns: 'messages' })) return m.text;
  return instance.t(m.id, { ns: 'messages', replace: m.params ?? {} });
}

/**
 * A failure's message in the current locale: by the id it carries (an ApiError's), else its text as it came;
 * 'No message available' when it has neither.
 */
export function translateError(error: unknown, instance: I18n = i18n): string {
  const message = error === undefined || error === null ? { text: '' } : messageOfError(error);
  return translateMessage(message.text || message.id ? message : 'noMessage', instance);
}

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

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaces } from '../../../src/app/i18n/resources';
import { createI18n, translateMessage } from '../../../src/app/i18n/setup';
import { MissingKeyCollector, MISSING_KEYS_STORAGE_KEY } from '../../../src/app/i18n/missing-keys';
import { applyOverrides, parseOverrides, splitKey } from '../../../src/app/i18n/overrides';
import { readStoredLocale } from '../../../src/app/i18n/locale';

const SERVER_DIR = join(import.meta.dirname, '..', '..', '..', 'server');

/** Flattens nested strings to 'a.b.c' keys. */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('translation bundles', () => {
  // `messages` is keyed by the English text itself, so en-us is intentionally empty there.
  const structured = Object.entries(namespaces).filter(([ns]) => ns !== 'messages');

  it.each(structured)('namespace %s has the same keys in en-us and pt-pt', (_ns, bundle) => {
    expect(keys(bundle['pt-pt'] as Record<string, unknown>).sort()).toEqual(keys(bundle['en-us'] as Record<string, unknown>).sort());
  });

  it.each(structured)('namespace %s has no empty strings', (_ns, bundle) => {
    for (const locale of ['en-us', 'pt-pt'] as const) {
      const flat = keys(bundle[locale] as Record<string, unknown>);
      for (const k of flat) {
        const value = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], bundle[locale]);
        expect(typeof value === 'string' && value.trim().length > 0, `${locale} ${k}`).toBe(true);
      }
    }
  });

  it('uses the exact spec texts in en-us', () => {
    const i18n = createI18n({ withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    expect(i18n.t('app:notFound.title')).toBe('Page Not Found');
    expect(i18n.t('app:notFound.message')).toBe('The page you are looking for does not exist.');
    expect(i18n.t('app:notFound.home')).toBe('Go to Homepage');
    expect(i18n.t('app:unauthorized.message')).toBe('You do not have permission to access this page.');
    expect(i18n.t('app:confirm.title')).toBe('Confirmation');
    expect(i18n.t('app:confirm.message', { value: 'Estoril' })).toBe('Do you want to delete Estoril?');
    expect(i18n.t('auth:verify.wait')).toBe('Please wait, your account is being validated');
    expect(i18n.t('auth:verify.resend')).toBe('Send a new verification email');
    expect(i18n.t('app:toast.success')).toBe('Success');
    expect(i18n.t('app:toast.error')).toBe('Error');
  });

  it('translates the same keys into European Portuguese', () => {
    const i18n = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    expect(i18n.t('app:notFound.title')).toBe('Página não encontrada');
    expect(i18n.t('app:confirm.message', { value: 'Estoril' })).toBe('Pretende eliminar Estoril?');
  });
});

describe('missing translation keys', () => {
  it('are collected per locale into localStorage when a key cannot be resolved', () => {
    const storage = memoryStorage();
    const collector = new MissingKeyCollector(storage);
    const i18n = createI18n({ locale: 'pt-pt', withReact: false, collector });
    i18n.t('app:does.not.exist');
    i18n.t('app:does.not.exist');
    expect(collector.list()).toEqual([{ locale: 'pt-pt', key: 'app:does.not.exist' }]);
    expect(JSON.parse(storage.getItem(MISSING_KEYS_STORAGE_KEY)!)).toHaveLength(1);
  });

  it('are reported in one batch per locale and removed from the list once the server accepted them', async () => {
    const collector = new MissingKeyCollector(memoryStorage());
    collector.add('en-us', 'app:a');
    collector.add('pt-pt', 'app:b');
    collector.add('pt-pt', 'app:c');
    const reports: unknown[] = [];
    await collector.flush(async (r) => reports.push(r));
    expect(reports).toEqual([
      { locale: 'en-us', keys: ['app:a'] },
      { locale: 'pt-pt', keys: ['app:b', 'app:c'] },
    ]);
    expect(collector.list()).toEqual([]);
  });

  it('stay in the list when the report fails (offline), for the next flush', async () => {
    const collector = new MissingKeyCollector(memoryStorage());
    collector.add('pt-pt', 'app:x');
    await collector.flush(async () => {
      throw new Error('offline');
    });
    expect(collector.list()).toEqual([{ locale: 'pt-pt', key: 'app:x' }]);
  });

  it('read corrupt storage as an empty list', () => {
    const storage = memoryStorage();
    storage.setItem(MISSING_KEYS_STORAGE_KEY, '{not json');
    expect(new MissingKeyCollector(storage).list()).toEqual([]);
  });
});

describe('translation overrides from the server', () => {
  it('replace bundled strings, keyed namespace:path', () => {
    const i18n = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    applyOverrides(i18n, parseOverrides([{ locale: 'pt-pt', key: 'app:menu.circuits', value: 'Pistas', id: 1 }]));
    expect(i18n.t('app:menu.circuits')).toBe('Pistas');
  });

  it('translate a server message keyed by its English text, dots included', () => {
    const pt = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    applyOverrides(pt, [{ locale: 'pt-pt', key: 'messages:Session limit reached. Try later.', value: 'Limite de sessões atingido. Tente mais tarde.' }]);
    expect(translateMessage('Session limit reached. Try later.', pt)).toBe('Limite de sessões atingido. Tente mais tarde.');
  });

  it('keep the valid rows of a partly malformed answer', () => {
    expect(parseOverrides([{ locale: 'pt-pt', key: 'a:b', value: 'x' }, { locale: 'fr-fr', key: 'a:b', value: 'y' }, null])).toEqual([
      { locale: 'pt-pt', key: 'a:b', value: 'x' },
    ]);
    expect(parseOverrides({ data: [{ locale: 'en-us', key: 'k', value: 'v' }] })).toHaveLength(1);
    expect(parseOverrides('nonsense')).toEqual([]);
  });

  it('without a namespace belong to app', () => {
    expect(splitKey('menu.about')).toEqual({ ns: 'app', path: 'menu.about' });
    expect(splitKey('auth:login.title')).toEqual({ ns: 'auth', path: 'login.title' });
  });
});

/** An en-us and a pt-pt instance sharing one missing-key collector. */
function bothLocales() {
  const collector = new MissingKeyCollector(memoryStorage());
  return { en: createI18n({ locale: 'en-us', withReact: false, collector }), pt: createI18n({ locale: 'pt-pt', withReact: false, collector }) };
}

describe('spec and server messages', () => {
  it('are shown as they are in en-us and translated in pt-pt', () => {
    const { en, pt } = bothLocales();
    expect(translateMessage('Login successful', en)).toBe('Login successful');
    expect(translateMessage('Login successful', pt)).toBe('Sessão iniciada com sucesso');
    expect(translateMessage('Something the server said.', pt)).toBe('Something the server said.');
  });

  it('translate the server messages that carry a value, record names included', () => {
    const { en, pt } = bothLocales();
    expect(translateMessage('Too many requests. Try again in 3 minute(s).', pt)).toBe('Demasiados pedidos. Tente novamente dentro de 3 minuto(s).');
    expect(translateMessage('Circuit type is in use and cannot be deleted.', pt)).toBe('Não é possível eliminar: Tipo de circuito está em uso.');
    expect(translateMessage('Session not found.', pt)).toBe('Sessão não encontrada.');
    expect(translateMessage('Vehicle category not found.', pt)).toBe('Não encontrado: Categoria de veículo.');
    expect(translateMessage('Too many requests. Try again in 3 minute(s).', en)).toBe('Too many requests. Try again in 3 minute(s).');
    expect(translateMessage('Country is in use and cannot be deleted.', en)).toBe('Country is in use and cannot be deleted.');
  });

  it('cover every message the server can send a user, in pt-pt', () => {
    const pt = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    const sources = readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(SERVER_DIR, f), 'utf8'));
    // Messages of ApiError(status, 'CODE', <message>) and notFound(<message>); a template's ${...} becomes a value.
    const literal = /(?:ApiError\(\d+, '[A-Z_]+', |notFound\()(?:'((?:[^'\\]|\\.)*)'|"([^"]*)"|`([^`]*)`)/g;
    // Every name a template's value can take: what parseInput() validates, which reference ids a write can name.
    const whats = ['Request body', ...sources.flatMap((t) => [...t.matchAll(/parseInput\([^;]*?, '([^']+)'\)/g)].map((m) => m[1]))];
    const fields = ['circuitId', ...sources.flatMap((t) => [...t.matchAll(/references: \{([^}]*)\}/g)].flatMap((m) => [...m[1].matchAll(/(\w+):/g)].map((k) => k[1])))];
    // Values like the ones the server puts in each template (see the server's ApiError calls).
    function samples(expression: string): string[] {
      if (/minutes|ttl/.test(expression)) return ['3'];
      if (expression === 'what') return whats;
      if (expression === 'what.toLowerCase()') return whats.map((w) => w.toLowerCase());
      if (expression === 'where') return ['password: '];
      if (expression === 'first.message') return ['Too small'];
      if (expression === 'field') return fields;
      if (expression === 'r.label') return ['Circuit type'];
      if (expression === 'parsed.image.version') return ['1.5.0'];
      if (expression === 'limit') return ['2'];
      return ['x'];
    }
    /** A template with each ${...} replaced by each of its sample values (all combinations). */
    function expand(template: string): string[] {
      const m = /\$\{([^}]*)\}/.exec(template);
      if (!m) return [template];
      return samples(m[1]).flatMap((v) => expand(template.slice(0, m.index) + v + template.slice(m.index + m[0].length)));
    }
    const messages = new Set<string>();
    for (const text of sources) {
      for (const m of text.matchAll(literal)) for (const message of expand((m[1] ?? m[2] ?? m[3]).replace(/\\'/g, "'"))) messages.add(message);
    }
    // Developers' messages: a client that follows src/contracts never causes them.
    const developerOnly = /^(Unknown (filter|sort) field|Filter (type|value)|Match mode|Cannot reverse|Unsupported Content-Encoding|The request body is not valid|Invalid (data table request|leaderboard request|missing keys report):|(Data table request|Leaderboard request|Missing keys report|Query) is missing)/;
    const untranslated = [...messages].filter((m) => !developerOnly.test(m) && translateMessage(m, pt) === m);
    expect(messages.size).toBeGreaterThan(30);
    expect(untranslated).toEqual([]);
  });
});

describe("the API client's own messages", () => {
  it('are all in the pt-pt catalogue, offline and out-of-reach included', () => {
    const pt = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    const source = readFileSync(join(import.meta.dirname, '..', '..', '..', 'src', 'data', 'api', 'http-client.ts'), 'utf8');
    const messages = [...source.matchAll(/new ApiError\('[A-Z_]+', (?:'([^']*)'|`([^`]*)`)/g)].map((m) =>
      (m[1] ?? m[2]).replace(/\$\{[^}]*\}/g, (e) => (e.includes('timeoutMs') ? '30' : 'Too small')),
    );
    messages.push('You are offline.', 'The server could not be reached.');
    expect(messages.length).toBeGreaterThan(5);
    expect(messages.filter((m) => translateMessage(m, pt) === m)).toEqual([]);
    expect(translateMessage('No answer within 30 s', pt)).toBe('Sem resposta em 30 s');
  });
});

describe('the stored locale', () => {
  it('is en-us by default and when storage holds something else', () => {
    const storage = memoryStorage();
    expect(readStoredLocale(storage)).toBe('en-us');
    storage.setItem('locale', 'fr-fr');
    expect(readStoredLocale(storage)).toBe('en-us');
    storage.setItem('locale', 'pt-PT');
    expect(readStoredLocale(storage)).toBe('pt-pt');
  });
});

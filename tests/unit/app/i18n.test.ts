import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { namespaces } from './all-texts';
import { registeredTexts } from '../../../src/app/i18n/registry';
import { UI_NAMESPACES } from '../../../src/contracts/ui-namespaces';
import { createI18n, translateError, translateMessage } from '../../../src/app/i18n/setup';
import { isMessageId, MESSAGES, type MessageId } from '../../../src/contracts/messages';
import { apiErrorFromResponse, clientError } from '../../../src/data/api/api-error';
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
  const structured = Object.entries(namespaces);

  it("are every namespace of the contract, each registered by its area's texts module", () => {
    expect([...registeredTexts().keys()].sort()).toEqual([...UI_NAMESPACES].sort());
    for (const [ns, bundle] of structured) expect(registeredTexts().get(ns as keyof typeof namespaces), ns).toBe(bundle);
  });

  it('reach an instance made before their area loaded, under the overrides already applied', async () => {
    // A module graph of its own: what registers here stays out of the other tests' registry and bundles.
    vi.resetModules();
    const setup = await import('../../../src/app/i18n/setup');
    const registry = await import('../../../src/app/i18n/registry');
    const overrides = await import('../../../src/app/i18n/overrides');
    const pt = setup.createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    overrides.applyOverrides(pt, [{ locale: 'pt-pt', key: 'video:title', value: 'Do administrador' }]);
    expect(pt.exists('video:add')).toBe(false);
    registry.registerTexts('video', { 'en-us': { add: 'Add video', title: 'Video' }, 'pt-pt': { add: 'Juntar vídeo', title: 'Vídeo' } });
    expect(pt.t('video:add')).toBe('Juntar vídeo');
    expect(pt.t('video:title')).toBe('Do administrador');
    vi.resetModules();
  });

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

  it('translate a message of the catalogue, keyed messages:<id>', () => {
    const pt = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(memoryStorage()) });
    applyOverrides(pt, [{ locale: 'pt-pt', key: 'messages:uploadsAtOnce', value: 'No máximo {{limit}} envios de cada vez.' }]);
    expect(translateMessage({ id: 'uploadsAtOnce', params: { limit: 2 } }, pt)).toBe('No máximo 2 envios de cada vez.');
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

/** The names of the values a template carries ('{{minutes}}' -> 'minutes'). */
const paramsOf = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** An error of the API client for an answer with this status and body text. */
const answered = (status: number, statusText: string, body: unknown) => apiErrorFromResponse(status, statusText, typeof body === 'string' ? body : JSON.stringify(body));

describe('the message catalogue', () => {
  const ids = Object.keys(MESSAGES) as MessageId[];
  const ptPt = namespaces.messages['pt-pt'] as Record<string, string>;

  it('is the en-us text of the messages namespace', () => {
    expect(namespaces.messages['en-us']).toBe(MESSAGES);
  });

  it('has a pt-pt text for every id, with the same values as its English template', () => {
    expect(ids.filter((id) => !ptPt[id]?.trim())).toEqual([]);
    expect(Object.keys(ptPt).filter((id) => !(id in MESSAGES))).toEqual([]);
    expect(ids.filter((id) => paramsOf(ptPt[id]).join() !== paramsOf(MESSAGES[id]).join())).toEqual([]);
  });

  it('names every message the server sends: no throw site passes an English sentence', () => {
    const sources = readdirSync(SERVER_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(SERVER_DIR, f), 'utf8'));
    const sites = sources.flatMap((text) => [...text.matchAll(/(?:new ApiError\(\d+, '[A-Z_]+', |notFound\(|conflict\()'([^']*)'/g)].map((m) => m[1]));
    expect(sites.length).toBeGreaterThan(40);
    expect(sites.filter((id) => !isMessageId(id))).toEqual([]);
  });
});

describe('messages shown to the user', () => {
  it('are the catalogue text in en-us and translated by id in pt-pt', () => {
    const { en, pt } = bothLocales();
    expect(translateMessage('loginSuccessful', en)).toBe('Login successful');
    expect(translateMessage('loginSuccessful', pt)).toBe('Sessão iniciada com sucesso');
    expect(translateMessage('countryInUse', pt)).toBe('Não é possível eliminar: País está em uso.');
  });

  it("translate a server error with values in pt-pt, the value put in", () => {
    const { en, pt } = bothLocales();
    const error = answered(429, 'Too Many Requests', { message: 'Too many requests. Try again in 3 minute(s).', code: 'RATE_LIMITED', messageId: 'tooManyRequests', params: { minutes: 3 } });
    expect(translateError(error, pt)).toBe('Demasiados pedidos. Tente novamente dentro de 3 minuto(s).');
    expect(translateError(error, en)).toBe('Too many requests. Try again in 3 minute(s).');
    const exists = answered(409, 'Conflict', { message: 'Firmware 1.5.0 already exists.', code: 'CONFLICT', messageId: 'firmwareExists', params: { version: '1.5.0' } });
    expect(translateError(exists, pt)).toBe('O firmware 1.5.0 já existe.');
  });

  it('show a message without an id this app knows as it was sent', () => {
    const { pt } = bothLocales();
    // A newer server's id, a foreign proxy's JSON without one, a proxy's HTML page (the status line is all there is).
    expect(translateError(answered(400, 'Bad Request', { message: 'Something new happened.', code: 'BAD_REQUEST', messageId: 'somethingNew' }), pt)).toBe('Something new happened.');
    expect(translateError(answered(403, 'Forbidden', { message: 'Blocked by the gateway.', code: 'FORBIDDEN' }), pt)).toBe('Blocked by the gateway.');
    expect(translateError(answered(502, 'Bad Gateway', '<html>bad gateway</html>'), pt)).toBe('Bad Gateway');
    expect(translateError(new Error('Failed to fetch'), pt)).toBe('Failed to fetch');
    expect(translateMessage({ text: 'Kept before messages had ids.' }, pt)).toBe('Kept before messages had ids.');
    expect(translateError(null, pt)).toBe('Nenhuma mensagem disponível');
  });

  it("include the API client's own failures, a time limit with its value", () => {
    const { en, pt } = bothLocales();
    const timeout = clientError('TIMEOUT', { id: 'noAnswerWithin', params: { seconds: 30 } });
    expect(timeout.message).toBe('No answer within 30 s');
    expect(translateError(timeout, pt)).toBe('Sem resposta em 30 s');
    expect(translateError(clientError('NETWORK', 'offline'), pt)).toBe('Está sem ligação.');
    expect(translateError(clientError('NETWORK', 'serverUnreachable'), en)).toBe('The server could not be reached.');
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

import type { z } from 'zod';
import type { MessageRef } from '../../contracts/messages';
import { ApiError, apiErrorFromResponse, clientError } from './api-error';

/**
 * The one fetch wrapper every API call goes through:
 * - base path '/api', credentials always sent (the refresh cookie is httpOnly);
 * - JSON by default, multipart for FormData (the browser writes the boundary), raw bytes for Blob/ArrayBuffer;
 * - request bodies gzip-compressed through CompressionStream when asked (`gzip: true`) and the runtime has it;
 * - before each authenticated call it asks the token provider for a valid token (the auth session refreshes it
 *   when <= 60 s remain) and adds the bearer header; a 401 answered to a call that carried a token triggers one
 *   forced refresh and one retry;
 * - every failure is thrown as an `ApiError` value (status, code, message, the error body passed on);
 *   no answer -> 'NETWORK', the time limit -> 'TIMEOUT'. It has no UI side effects.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** @internal Exported for its tests. */
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T = unknown> {
  method?: HttpMethod;
  /**
   * A plain value is sent as JSON; FormData as multipart; Blob/ArrayBuffer/Uint8Array as octet-stream, or as the
   * Content-Type given in `headers` (pre-serialised JSON, e.g. a session upload encoded in the analysis worker).
   */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** false for calls made without a token (login, register, refresh...). Default true. */
  auth?: boolean;
  /** Compress the request body with gzip (Content-Encoding: gzip). */
  gzip?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** How to read a 2xx body. Default 'json' (an empty body gives undefined). */
  responseType?: 'json' | 'arrayBuffer' | 'text' | 'none';
  /** Validates a JSON response; a mismatch is a BAD_RESPONSE error. */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
}

/** What the client needs from the auth session. */
export interface TokenProvider {
  /** A token with more than the refresh margin left, refreshing first when needed; null when signed out. */
  getValidToken(): Promise<string | null>;
  /** Called after the server answered 401 to a call made with `token`: refresh now, or null to give up. */
  refreshAfterUnauthorized(token: string): Promise<string | null>;
}

export interface HttpClientOptions {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  tokenProvider?: TokenProvider | null;
  /** Default time limit of a call. */
  timeoutMs?: number;
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  setTokenProvider(provider: TokenProvider | null): void;
}

/** 30 s: long enough for a slow trackside uplink on ordinary calls; big uploads pass their own limit. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Builds '/api/path?x=1' from the base, a path and query values (undefined/null are left out).
 * @internal Exported for its tests.
 */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const p = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return `${base}${p}${qs ? `?${qs}` : ''}`;
}

/** gzip through the platform's CompressionStream (browsers, Node >= 18). */
async function gzipBytes(data: BodyInit | Uint8Array): Promise<Blob> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return await new Response(stream).blob();
}

interface PreparedBody {
  body: BodyInit | undefined;
  headers: Record<string, string>;
}

async function prepareBody(value: unknown, gzip: boolean): Promise<PreparedBody> {
  if (value === undefined) return { body: undefined, headers: {} };
  if (typeof FormData !== 'undefined' && value instanceof FormData) return { body: value, headers: {} };
  let raw: BodyInit;
  let type: string;
  if (value instanceof Blob || value instanceof ArrayBuffer || value instanceof Uint8Array) {
    raw = value as BodyInit;
    type = value instanceof Blob && value.type ? value.type : 'application/octet-stream';
  } else {
    raw = JSON.stringify(value);
    type = 'application/json';
  }
  if (gzip && typeof CompressionStream !== 'undefined') {
    return { body: await gzipBytes(raw as BodyInit), headers: { 'Content-Type': type, 'Content-Encoding': 'gzip' } };
  }
  return { body: raw, headers: { 'Content-Type': type } };
}

/** The message of a call that got no answer: offline, or the server out of reach (the catalogue translates both). */
function networkFailureMessage(): MessageRef {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'serverUnreachable';
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '/api';
  const fetchFn = options.fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let tokenProvider = options.tokenProvider ?? null;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * One HTTP exchange: the fetch AND the reading of the answer (`consume`) run under the time limit and the
   * caller's AbortSignal, so a body that stalls mid-download is a TIMEOUT too, not a hang.
   */
  async function exchange<R>(url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined, consume: (res: Response) => Promise<R>): Promise<R> {
    if (signal?.aborted) throw clientError('ABORTED', 'requestCancelled');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await fetchFn(url, { ...init, signal: controller.signal });
      return await consume(res);
    } catch (e) {
      if (timedOut) throw clientError('TIMEOUT', { id: 'noAnswerWithin', params: { seconds: Math.round(timeoutMs / 1000) } }, 0, e);
      if (signal?.aborted) throw clientError('ABORTED', 'requestCancelled', 0, e);
      if (e instanceof ApiError) throw e;
      // The browser's own text ('Failed to fetch') means nothing to a racer and has no translation: it stays the cause.
      throw clientError('NETWORK', networkFailureMessage(), 0, e);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function readBody<T>(res: Response, opts: RequestOptions<T>): Promise<T> {
    const type = opts.responseType ?? 'json';
    if (res.status === 204) return undefined as T;
    if (type === 'none') {
      // Read and dropped all the same: an unread body keeps the connection's exchange open. API answers say
      // `no-store`, so the browser's HTTP cache no longer reads it on the page's behalf, and the request would
      // stay in flight (busy for the browser, a held socket for the server) until the Response is collected.
      await res.arrayBuffer();
      return undefined as T;
    }
    if (type === 'arrayBuffer') return (await res.arrayBuffer()) as T;
    const text = await res.text();
    if (type === 'text') return text as T;
    if (text === '') return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw clientError('BAD_RESPONSE', 'invalidJsonAnswer', res.status, e);
    }
    if (!opts.schema) return json as T;
    const parsed = opts.schema.safeParse(json);
    if (!parsed.success) {
      throw clientError('BAD_RESPONSE', { id: 'unexpectedResponse', params: { details: parsed.error.issues[0]?.message ?? 'invalid' } }, res.status, parsed.error);
    }
    return parsed.data;
  }

  async function request<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const method = opts.method ?? 'GET';
    const url = buildUrl(baseUrl, path, opts.query);
    const prepared = await prepareBody(opts.body, opts.gzip ?? false);
    const useAuth = (opts.auth ?? true) && tokenProvider !== null;
    const timeoutMs = opts.timeoutMs ?? defaultTimeout;

    type Outcome = { ok: true; value: T } | { ok: false; error: ApiError };
    const attempt = (token: string | null): Promise<Outcome> => {
      const headers: Record<string, string> = { Accept: 'application/json', ...prepared.headers, ...opts.headers };
      if (token) headers.Authorization = `Bearer ${token}`;
      return exchange(url, { method, headers, body: prepared.body, credentials: 'include' }, timeoutMs, opts.signal, async (res) => {
        if (res.ok) return { ok: true, value: await readBody(res, opts) };
        let text = '';
        try {
          text = await res.text();
        } catch {
          text = '';
        }
        return { ok: false, error: apiErrorFromResponse(res.status, res.statusText, text) };
      });
    };

    let token = useAuth ? await tokenProvider!.getValidToken() : null;
    let outcome = await attempt(token);
    if (!outcome.ok && outcome.error.status === 401 && token && tokenProvider) {
      token = await tokenProvider.refreshAfterUnauthorized(token);
      if (token) outcome = await attempt(token);
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  return {
    request,
    get: (path, o) => request(path, { ...o, method: 'GET' }),
    post: (path, body, o) => request(path, { ...o, method: 'POST', body }),
    put: (path, body, o) => request(path, { ...o, method: 'PUT', body }),
    patch: (path, body, o) => request(path, { ...o, method: 'PATCH', body }),
    delete: (path, o) => request(path, { ...o, method: 'DELETE' }),
    setTokenProvider: (p) => {
      tokenProvider = p;
    },
  };
}


import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../src/data/api/api-error';
import { buildUrl, createHttpClient, type TokenProvider } from '../../../src/data/api/http-client';
import { json, scriptedFetch } from './fake-server';

function provider(tokens: (string | null)[], refreshed: (string | null)[] = []): TokenProvider & { refreshCalls: number } {
  const p = {
    refreshCalls: 0,
    getValidToken: async () => tokens.shift() ?? null,
    refreshAfterUnauthorized: async () => {
      p.refreshCalls++;
      return refreshed.shift() ?? null;
    },
  };
  return p;
}

describe('http client', () => {
  it('sends JSON to /api with credentials and the bearer header from the token provider', async () => {
    const { fetchFn, requests } = scriptedFetch(() => json(200, { ok: true }));
    const http = createHttpClient({ fetchFn, tokenProvider: provider(['tok-1']) });
    const out = await http.post('/sessions/datatable', { page: 0 }, { schema: z.object({ ok: z.boolean() }) });
    expect(out).toEqual({ ok: true });
    expect(requests[0].url).toBe('/api/sessions/datatable');
    expect(requests[0].method).toBe('POST');
    expect(requests[0].credentials).toBe('include');
    expect(requests[0].headers.authorization).toBe('Bearer tok-1');
    expect(requests[0].headers['content-type']).toBe('application/json');
    expect(requests[0].body).toEqual({ page: 0 });
  });

  it('does not ask for a token on calls marked auth: false (login, refresh...)', async () => {
    const { fetchFn, requests } = scriptedFetch(() => json(200, { accessToken: 'x' }));
    const p = provider(['should-not-be-used']);
    const http = createHttpClient({ fetchFn, tokenProvider: p });
    await http.post('/auth/login', { email: 'a@b.c', password: 'p' }, { auth: false });
    expect(requests[0].headers.authorization).toBeUndefined();
  });

  it('sends FormData as multipart without forcing a content type', async () => {
    const { fetchFn, requests } = scriptedFetch(() => json(201, { id: 1 }));
    const http = createHttpClient({ fetchFn });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'fw.bin');
    await http.post('/admin/firmware', form);
    expect(requests[0].rawBody).toBe(form);
    expect(requests[0].headers['content-type']).toBeUndefined();
  });

  it('gzips the body when asked and the result decompresses to the same JSON', async () => {
    const { fetchFn, requests } = scriptedFetch(() => json(201, {}));
    const http = createHttpClient({ fetchFn });
    const body = { laps: 'x'.repeat(100_000) };
    await http.post('/sessions', body, { gzip: true });
    const sent = requests[0].rawBody as Blob;
    expect(requests[0].headers['content-encoding']).toBe('gzip');
    expect(requests[0].headers['content-type']).toBe('application/json');
    expect(sent.size).toBeLessThan(2_000);
    const text = await new Response(sent.stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(JSON.parse(text)).toEqual(body);
  });

  it('turns an error status into an ApiError carrying the status, code, message and body', async () => {
    const { fetchFn } = scriptedFetch(() => json(409, { message: 'Name already used', code: 'CONFLICT' }));
    const http = createHttpClient({ fetchFn });
    const err = await http.post('/admin/countries', { name: 'X' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Name already used', body: { message: 'Name already used', code: 'CONFLICT' } });
  });

  it("falls back to the status's code and 'No message available' when the error body is not JSON", async () => {
    const { fetchFn } = scriptedFetch(() => new Response('<html>', { status: 502 }));
    const http = createHttpClient({ fetchFn });
    const err = (await http.get('/countries').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.code).toBe('HTTP');
    expect(err.message).toBe('No message available');
    expect(err.body).toBeUndefined();
    expect(err.transient).toBe(true);
  });

  it("reports a failed fetch as code 'NETWORK' with status 0", async () => {
    const http = createHttpClient({ fetchFn: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    const err = (await http.get('/countries').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('NETWORK');
    expect(err.status).toBe(0);
    expect(err.offline).toBe(true);
    // The browser's text stays the cause; the message is one the app's catalogue translates.
    expect(err.message).toBe('The server could not be reached.');
    expect((err.cause as Error).message).toBe('Failed to fetch');
  });

  it("says 'You are offline.' for a failed fetch while the browser is offline", async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const http = createHttpClient({ fetchFn: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
      const err = (await http.get('/countries').catch((e: unknown) => e)) as ApiError;
      expect(err).toMatchObject({ code: 'NETWORK', message: 'You are offline.' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("reports a call that outlives its time limit as code 'TIMEOUT'", async () => {
    const { fetchFn } = scriptedFetch(() => new Promise<Response>(() => undefined));
    const http = createHttpClient({ fetchFn });
    const err = (await http.get('/countries', { timeoutMs: 20 }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('TIMEOUT');
  });

  it("reports a caller's abort as 'ABORTED', not as a network failure", async () => {
    const { fetchFn } = scriptedFetch(() => new Promise<Response>(() => undefined));
    const http = createHttpClient({ fetchFn });
    const ctrl = new AbortController();
    const pending = http.get('/countries', { signal: ctrl.signal }).catch((e: unknown) => e);
    ctrl.abort();
    expect(((await pending) as ApiError).code).toBe('ABORTED');
  });

  it('rejects a 2xx body that does not match the schema as BAD_RESPONSE', async () => {
    const { fetchFn } = scriptedFetch(() => json(200, [{ id: 'one' }]));
    const http = createHttpClient({ fetchFn });
    const err = (await http.get('/countries', { schema: z.array(z.object({ id: z.number() })) }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe('BAD_RESPONSE');
  });

  it('after a 401 it refreshes once and retries the call with the new token', async () => {
    const { fetchFn, requests } = scriptedFetch((req) =>
      req.headers.authorization === 'Bearer fresh' ? json(200, { id: 1 }) : json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' }),
    );
    const p = provider(['stale'], ['fresh']);
    const http = createHttpClient({ fetchFn, tokenProvider: p });
    await expect(http.get('/users/1')).resolves.toEqual({ id: 1 });
    expect(p.refreshCalls).toBe(1);
    expect(requests.map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('gives up with the 401 when the refresh is refused', async () => {
    const { fetchFn, requests } = scriptedFetch(() => json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    const http = createHttpClient({ fetchFn, tokenProvider: provider(['stale'], [null]) });
    const err = (await http.get('/users/1').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(requests).toHaveLength(1);
  });

  it('returns undefined for 204 and bytes for arrayBuffer responses', async () => {
    const { fetchFn } = scriptedFetch((req) => (req.method === 'DELETE' ? new Response(null, { status: 204 }) : new Response(new Uint8Array([9, 8]), { status: 200 })));
    const http = createHttpClient({ fetchFn });
    await expect(http.delete('/sessions/3')).resolves.toBeUndefined();
    const bytes = await http.get<ArrayBuffer>('/firmware', { responseType: 'arrayBuffer' });
    expect([...new Uint8Array(bytes)]).toEqual([9, 8]);
  });

  it("reads and drops the body of a call that wants no answer, so the exchange ends (an unread no-store body stays in flight)", async () => {
    const answer = json(200, { message: 'OK' });
    const http = createHttpClient({ fetchFn: async () => answer });
    expect(await http.get('/auth/check-admin', { responseType: 'none' })).toBeUndefined();
    expect(answer.bodyUsed).toBe(true);
  });

  it('builds URLs with encoded query values and leaves out undefined ones', () => {
    expect(buildUrl('/api', 'auth/verify', { token: 'a b&c', x: undefined })).toBe('/api/auth/verify?token=a+b%26c');
    expect(buildUrl('/api/', '/countries')).toBe('/api/countries');
  });
});

describe('http client time limit', () => {
  it('counts a body that stalls after the headers as a TIMEOUT', async () => {
    const stalled = (async (_u: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array([1, 2]));
          init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200 });
    }) as typeof fetch;
    const http = createHttpClient({ fetchFn: stalled });
    const err = (await http.get('/firmware', { responseType: 'arrayBuffer', timeoutMs: 30 }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('TIMEOUT');
  });
});

/**
 * Test helpers for the data layer: a scripted fetch (records every request, answers from a handler) and
 * access tokens with chosen claims (unsigned: the client never checks signatures).
 */
interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
  rawBody: BodyInit | null | undefined;
}

export type Handler = (req: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function scriptedFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init?.headers as Record<string, string>) ?? {})) headers[k.toLowerCase()] = v;
    let body: unknown = init?.body;
    if (typeof body === 'string' && headers['content-type'] === 'application/json') body = JSON.parse(body);
    const req: RecordedRequest = { url: String(input), method: init?.method ?? 'GET', headers, body, credentials: init?.credentials, rawBody: init?.body };
    requests.push(req);
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return await Promise.race([
      Promise.resolve(handler(req)),
      new Promise<Response>((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ]);
  }) as typeof fetch;
  return { fetchFn, requests };
}

function b64url(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface TokenFields {
  id?: number;
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: 'user' | 'admin';
  /** Expiry, epoch seconds. */
  exp: number;
}

export function makeToken(f: TokenFields): string {
  const claims = {
    id: f.id ?? 7,
    sub: f.email ?? 'ana@example.com',
    first_name: f.firstName ?? 'Ana',
    last_name: f.lastName ?? 'Silva',
    role: f.role ?? 'user',
    iat: f.exp - 900,
    exp: f.exp,
  };
  return `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(claims))}.sig`;
}

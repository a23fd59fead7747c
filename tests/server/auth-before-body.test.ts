import net from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_UPLOADS_PER_USER } from '../../server/limits';
import { HOOK_TIMEOUT_MS, createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';

/**
 * An anonymous caller must not be able to make the server receive, inflate or parse a body: the login check runs
 * before the body is read. A signed-in user may have a bounded number of uploads in progress at once.
 */
let h: Harness;
beforeAll(async () => {
  // As many uploads at once on the server as one racer may hold (whatever the cores): the per-user limit is what
  // is tested here, and another racer's upload then waits for a place.
  h = await createHarness({ config: { uploadsInFlight: CONCURRENT_UPLOADS_PER_USER } });
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

/** 40 MiB of zeros in about 40 KB of gzip: what a body of this size would cost the server to inflate. */
const bomb = gzipSync(Buffer.alloc(40 * 1024 * 1024));

/** A request body that records how many of its bytes the server pulled. */
function watchedBody(data: Buffer): { stream: Readable; pulled: () => number } {
  let offset = 0;
  const stream = new Readable({
    read() {
      if (offset >= data.length) {
        this.push(null);
        return;
      }
      const chunk = data.subarray(offset, offset + 16 * 1024);
      offset += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => offset };
}

/**
 * An upload whose body stops half way until `finish()` (or `abort()`); `reading` resolves once the server has
 * started to read it, that is once the request has passed every onRequest hook.
 */
function heldUpload(actor: Actor) {
  const body = Buffer.from(JSON.stringify(sessionPayload()));
  const half = body.length >> 1;
  let sentHalf = false;
  let onReading: () => void = () => undefined;
  const reading = new Promise<void>((resolve) => (onReading = resolve));
  const stream = new Readable({
    read() {
      if (sentHalf) return;
      sentHalf = true;
      onReading();
      this.push(body.subarray(0, half));
    },
  });
  const response = h.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { ...actor.headers, 'content-type': 'application/json', 'content-length': String(body.length) },
    payload: stream,
  });
  return {
    reading,
    response,
    finish() {
      stream.push(body.subarray(half));
      stream.push(null);
    },
    abort() {
      stream.destroy(new Error('the client went away'));
    },
  };
}

const upload = (actor: Actor) => h.inject({ method: 'POST', url: '/api/sessions', headers: actor.headers, payload: sessionPayload() });

describe('the login check comes before the body', () => {
  it('answers every signed-in-only route 401 to an anonymous gzip bomb without reading a byte of it', async () => {
    const checked: string[] = [];
    for (const route of h.app.routeTable) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) || !route.url.startsWith('/api/')) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, '2147483647');
      // The routes behind the login check: 401 to an anonymous caller, something else to a signed-in admin.
      const anonymous = await h.inject({ method: route.method as 'POST', url });
      const admin = await h.inject({ method: route.method as 'POST', url, headers: h.admin.headers });
      if (anonymous.statusCode !== 401 || admin.statusCode === 401) continue;
      const body = watchedBody(bomb);
      const res = await h.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) },
        payload: body.stream,
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode, pulled: body.pulled() }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        pulled: 0,
      });
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked).toEqual(expect.arrayContaining(['POST /api/sessions', 'PUT /api/sessions/:id', 'POST /api/admin/firmware', 'PUT /api/users/:id']));
  });

  it('answers 401 over a real connection while the announced 40 MiB body has not been sent at all', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    try {
      const firstLine = new Promise<string>((resolve, reject) => {
        socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n')[0]));
        socket.once('error', reject);
      });
      socket.write(
        'POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n' +
          `Content-Length: ${40 * 1024 * 1024}\r\n\r\n`,
      );
      expect(await firstLine).toBe('HTTP/1.1 401 Unauthorized');
    } finally {
      socket.destroy();
    }
  });
});

describe('uploads of one user at once', () => {
  it(`allows ${CONCURRENT_UPLOADS_PER_USER} uploads in progress per user, answers 429 to more before reading them, and frees a slot when one ends or is aborted`, async () => {
    expect(CONCURRENT_UPLOADS_PER_USER).toBe(2);
    const first = heldUpload(h.racer);
    const second = heldUpload(h.racer);
    await Promise.all([first.reading, second.reading]);

    const json = Buffer.from(JSON.stringify(sessionPayload()));
    const body = watchedBody(json);
    const third = await h.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { ...h.racer.headers, 'content-type': 'application/json', 'content-length': String(json.length) },
      payload: body.stream,
    });
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(third.headers['retry-after']).toBe('5');
    expect(body.pulled()).toBe(0);
    // The limit is per user: another racer's upload is not refused. It waits for a place among the uploads the
    // whole server receives at once (upload-gate.ts, as many as this racer holds now), then is stored.
    const others = upload(h.other);
    first.finish();
    expect((await first.response).statusCode).toBe(201);
    expect((await others).statusCode).toBe(201);
    expect((await upload(h.racer)).statusCode).toBe(201);

    // Two in progress again, then one client goes away: its slot is given back.
    const fourth = heldUpload(h.racer);
    await fourth.reading;
    expect((await upload(h.racer)).statusCode).toBe(429);
    second.abort();
    await second.response.catch(() => undefined);
    expect((await upload(h.racer)).statusCode).toBe(201);
    fourth.finish();
    expect((await fourth.response).statusCode).toBe(201);
  });
});

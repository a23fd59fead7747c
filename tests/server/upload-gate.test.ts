import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_THREADS } from '../../server/limits';
import { HOOK_TIMEOUT_MS, createHarness, type Actor, type Harness } from '../helpers/server-harness';
import { sessionPayload } from '../helpers/session-fixtures';

/**
 * Session uploads in progress are bounded server-wide (UPLOAD_THREADS), whoever sends them: while that many are
 * being received, another racer's upload waits its turn (its body unread) and is stored once a place is free.
 * Before, every upload was read at once (ten 40 MiB bodies held together grew the process by over 1 GB).
 */
let h: Harness;
let port = 0;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

/** An upload whose body is sent in two halves: the second when `finish` is called. Resolves with the status. */
function slowUpload(racer: Actor) {
  const body = Buffer.from(JSON.stringify(sessionPayload()));
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
  const status = new Promise<number>((resolve) => socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0))));
  socket.write(
    `POST /api/sessions HTTP/1.1\r\nHost: x\r\nAuthorization: ${racer.headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.subarray(0, 100));
  return { status, finish: () => socket.write(body.subarray(100)) };
}

describe('uploads in progress across the server', { timeout: HOOK_TIMEOUT_MS }, () => {
  it(`with every place (${UPLOAD_THREADS}) held by an upload being received, another racer's upload waits for a place, then is stored`, async () => {
    const racers = await Promise.all(Array.from({ length: UPLOAD_THREADS }, () => h.createUser()));
    // A first upload starts the upload workers and shows how long one takes when a place is free.
    const started = performance.now();
    expect((await h.inject({ method: 'POST', url: '/api/sessions', headers: h.other.headers, payload: sessionPayload() })).statusCode).toBe(201);
    const oneUploadMs = performance.now() - started;
    const holding = racers.map((r) => slowUpload(r));
    // Give the slow ones time to take their places.
    await expect.poll(async () => (await h.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));

    let answered = false;
    const waiting = h.inject({ method: 'POST', url: '/api/sessions', headers: h.other.headers, payload: sessionPayload() }).then((res) => {
      answered = true;
      return res;
    });
    // Still waiting while every place is held (the event loop is free: other requests are answered meanwhile).
    for (let i = 0; i < 5; i++) expect((await h.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(3_000, 5 * oneUploadMs)));
    expect(answered).toBe(false);

    holding[0].finish();
    expect(await holding[0].status).toBe(201);
    const res = await waiting;
    expect(res.statusCode, res.body).toBe(201);
    holding.slice(1).forEach((u) => u.finish());
    for (const u of holding.slice(1)) expect(await u.status).toBe(201);
  });
});

import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNAR_SESSION_MEDIA_TYPE } from '../../src/contracts/columnar-text';
import { EVENT_LOOP_BUDGET_MS, eventLoopDelayMs } from '../helpers/event-loop-delay';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { lapsText, sessionPayload } from '../helpers/session-fixtures';

/**
 * Small bodies that once made one signed-in racer stall or kill the server: a laps text of millions of bad lines
 * (an object kept for each), one of a million good lap lines, and columnar position texts with millions of
 * columns or shape entries. Each is answered 400 without keeping the event loop from other requests for more than
 * EVENT_LOOP_BUDGET_MS, and nothing is stored.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const gzipped = (body: unknown, contentType = 'application/json') => ({
  headers: { ...h.racer.headers, 'content-type': contentType, 'content-encoding': 'gzip' },
  payload: gzipSync(JSON.stringify(body)),
});

async function sessionCount(): Promise<number> {
  const [{ n }] = await h.app.db.query<{ n: number }>('select count(*)::int as n from sessions');
  return n;
}

/** Sends the body (a few tries, see eventLoopDelayMs) and returns the last answer and the event loop's delay. */
async function attack(request: { headers: Record<string, string>; payload: Buffer }) {
  let status = 0;
  let body = '';
  const delay = await eventLoopDelayMs(async () => {
    const res = await h.inject({ method: 'POST', url: '/api/sessions', ...request });
    status = res.statusCode;
    body = res.body;
  }, EVENT_LOOP_BUDGET_MS);
  return { status, body, delay };
}

describe('hostile session uploads cost bounded work', { timeout: HOOK_TIMEOUT_MS }, () => {
  it('a laps text of 3 million bad lines (6 MB, a few KB gzipped) is refused without blocking the event loop', async () => {
    const before = await sessionCount();
    const { status, body, delay } = await attack(gzipped(sessionPayload({ laps: 'x\n'.repeat(3_000_000) })));
    expect(status, body).toBe(400);
    expect(JSON.parse(body).fields).toHaveProperty('laps');
    expect(delay).toBeLessThan(EVENT_LOOP_BUDGET_MS);
    expect(await sessionCount()).toBe(before);
  });

  it('a laps text of 200,000 good lap lines is refused without blocking the event loop', async () => {
    const { status, body, delay } = await attack(gzipped(sessionPayload({ laps: lapsText(Array.from({ length: 200_000 }, () => 61_000)) })));
    expect(status, body).toBe(400);
    expect(JSON.parse(body).fields).toHaveProperty('laps');
    expect(delay).toBeLessThan(EVENT_LOOP_BUDGET_MS);
  });

  it('a columnar text of one line with 2 million empty columns is refused without blocking the event loop', async () => {
    const n = 2_000_000;
    const coordinates = { format: 'columns-v1', shape: [n, 1], columns: new Array<string>(n).fill(''), deltas: [] };
    const { status, body, delay } = await attack(gzipped(sessionPayload({ coordinates }), COLUMNAR_SESSION_MEDIA_TYPE));
    expect(status, body).toBe(400);
    expect(JSON.parse(body).fields).toHaveProperty('coordinates');
    expect(delay).toBeLessThan(EVENT_LOOP_BUDGET_MS);
  });

  it('a columnar shape of 19 million entries (38 MB, under the body limit) is refused without blocking the event loop', async () => {
    // Written as text: an array of 19 million numbers would cost this test more than the server.
    const json = JSON.stringify(sessionPayload({ coordinates: 'SHAPE' })).replace(
      '"SHAPE"',
      `{"format":"columns-v1","shape":[${'1,'.repeat(19_000_000 - 1)}1],"columns":[""],"deltas":[]}`,
    );
    const request = { headers: { ...h.racer.headers, 'content-type': COLUMNAR_SESSION_MEDIA_TYPE, 'content-encoding': 'gzip' }, payload: gzipSync(json) };
    const { status, body, delay } = await attack(request);
    expect(status, body).toBe(400);
    expect(delay).toBeLessThan(EVENT_LOOP_BUDGET_MS);
  });

  it('the server keeps answering and a real upload still works afterwards', async () => {
    const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: sessionPayload() });
    expect(res.statusCode).toBe(201);
  });
});

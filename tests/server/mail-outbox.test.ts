import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailOutbox } from '../../server/auth/mail-outbox';

/** The mail queue: a bounded number waiting, a drain that gives up at its deadline, nothing taken once stopping. */
function logger() {
  const warnings: string[] = [];
  const log = { warn: (m: string) => warnings.push(m), error: () => undefined } as unknown as FastifyBaseLogger;
  return { log, warnings };
}
const never = () => new Promise<void>(() => undefined);

describe('mail outbox', () => {
  it('drops what is posted beyond its waiting room, with a warning', async () => {
    const { log, warnings } = logger();
    const outbox = createMailOutbox(log, { concurrency: 1, maxWaiting: 3, drainMs: 50 });
    let ran = 0;
    for (let i = 0; i < 6; i++) outbox.post('test', () => (ran++, never()));
    await new Promise((r) => setImmediate(r));
    // Posted in one turn: three wait, three are dropped; then one runs (forever).
    expect(warnings.filter((w) => w.includes('dropped'))).toHaveLength(3);
    expect(ran).toBe(1);
    outbox.post('test', () => (ran++, never()));
    outbox.post('test', () => (ran++, never()));
    expect(warnings.filter((w) => w.includes('dropped'))).toHaveLength(4);
  });

  it('drain resolves at its deadline when a job never ends, and takes nothing after', async () => {
    const { log, warnings } = logger();
    const outbox = createMailOutbox(log, { concurrency: 2, maxWaiting: 10, drainMs: 10_000 });
    outbox.post('stuck', never);
    outbox.post('stuck', never);
    outbox.post('waiting', async () => undefined);
    await new Promise((r) => setImmediate(r));
    const started = Date.now();
    await outbox.drain(100);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warnings.some((w) => w.includes('3 mail(s) not sent'))).toBe(true);
    let late = false;
    outbox.post('late', async () => void (late = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(late).toBe(false);
  });

  it('drain waits for jobs that finish', async () => {
    const { log } = logger();
    const outbox = createMailOutbox(log);
    const done: number[] = [];
    for (let i = 0; i < 6; i++) outbox.post('quick', async () => void done.push(i));
    await outbox.drain();
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

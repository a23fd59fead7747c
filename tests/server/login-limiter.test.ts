import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../server/auth/login-limiter';
import { createMemoryCounterStore } from '../../server/counters/counter-store';

/** The login limiter's windows, on a clock the test moves. */
const limits = { perClient: 3, clientWindowMs: 15 * 60_000, perAddress: 5, addressWindowMs: 60 * 60_000 };
const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { statusCode?: number }).statusCode;
  }
};
const fromIp = (ip: string) => ({ ip, knownDevice: null });

describe('login limiter', () => {
  it('a blocked client is free again when its window ends, and attempts from other clients do not extend it', async () => {
    let now = 0;
    const l = new LoginLimiter(createMemoryCounterStore(() => now), limits);
    for (let i = 0; i < 3; i++) expect(await status(l.attempt('a@x.test', fromIp('10.0.0.1')))).toBe('ok');
    expect(await status(l.attempt('a@x.test', fromIp('10.0.0.1')))).toBe(429);
    // Someone else keeps guessing (under the backstop): the owner's client is never blocked by it.
    now = 10 * 60_000;
    expect(await status(l.attempt('a@x.test', fromIp('10.0.0.2')))).toBe('ok');
    now = 15 * 60_000;
    expect(await status(l.attempt('a@x.test', fromIp('10.0.0.1')))).toBe('ok');
  });

  it('the per-address backstop lets known devices through and lifts after its hour', async () => {
    let now = 0;
    const l = new LoginLimiter(createMemoryCounterStore(() => now), limits);
    for (let i = 0; i < 5; i++) await l.attempt('A@x.test', fromIp(`10.0.1.${i}`));
    expect(await status(l.attempt('a@x.test', fromIp('10.0.2.1')))).toBe(429);
    expect(await status(l.attempt('a@x.test', { ip: '10.0.2.1', knownDevice: 'device-1' }))).toBe('ok');
    expect(await status(l.attempt('b@x.test', fromIp('10.0.2.1')))).toBe('ok');
    now = 60 * 60_000;
    expect(await status(l.attempt('a@x.test', fromIp('10.0.2.1')))).toBe('ok');
  });

  it('a known device counts apart from its IP, and a success clears its count and leaves the backstop', async () => {
    const l = new LoginLimiter(createMemoryCounterStore(), limits);
    for (let i = 0; i < 3; i++) await l.attempt('a@x.test', fromIp('10.0.3.1'));
    expect(await status(l.attempt('a@x.test', fromIp('10.0.3.1')))).toBe(429);
    const device = { ip: '10.0.3.1', knownDevice: 'device-2' };
    await l.attempt('a@x.test', device);
    await l.attempt('a@x.test', device);
    await l.succeeded(await l.attempt('a@x.test', device));
    for (let i = 0; i < 3; i++) expect(await status(l.attempt('a@x.test', device))).toBe('ok');
    // 4 + 5 attempts, one of them right: 8 count towards the backstop of 5, so unknown clients are blocked.
    expect(await status(l.attempt('a@x.test', fromIp('10.0.3.9')))).toBe(429);
  });
});

import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../server/auth/login-limiter';

/** The login limiter's windows, on a clock the test moves. */
const limits = { perClient: 3, clientWindowMs: 15 * 60_000, perAddress: 5, addressWindowMs: 60 * 60_000 };
const status = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as { statusCode?: number }).statusCode;
  }
};

describe('login limiter', () => {
  it('a blocked client is free again when its window ends, and failures from other clients do not extend it', () => {
    let now = 0;
    const l = new LoginLimiter(limits, () => now);
    for (let i = 0; i < 3; i++) l.failed('a@x.test', '10.0.0.1');
    expect(status(() => l.check('a@x.test', '10.0.0.1', false))).toBe(429);
    // Someone else keeps guessing (under the backstop): the owner's client is never blocked by it.
    now = 10 * 60_000;
    l.failed('a@x.test', '10.0.0.2');
    expect(status(() => l.check('a@x.test', '10.0.0.3', false))).toBe('ok');
    now = 15 * 60_000;
    expect(status(() => l.check('a@x.test', '10.0.0.1', false))).toBe('ok');
  });

  it('the per-address backstop lets known clients through and lifts after its hour', () => {
    let now = 0;
    const l = new LoginLimiter(limits, () => now);
    for (let i = 0; i < 5; i++) l.failed('A@x.test', `10.0.1.${i}`);
    expect(status(() => l.check('a@x.test', '10.0.2.1', false))).toBe(429);
    expect(status(() => l.check('a@x.test', '10.0.2.1', true))).toBe('ok');
    expect(status(() => l.check('b@x.test', '10.0.2.1', false))).toBe('ok');
    now = 60 * 60_000;
    expect(status(() => l.check('a@x.test', '10.0.2.1', false))).toBe('ok');
  });
});

import { describe, expect, it } from 'vitest';
import { realClock } from '../../../src/device/clock';

describe('the real clock', () => {
  it('waits at least the asked time, short sleeps included', async () => {
    for (const ms of [0, 1, 3, 4, 12]) {
      const started = performance.now();
      await realClock.sleep(ms);
      // Node's timers may fire up to a millisecond early by their own rounding.
      expect(performance.now() - started).toBeGreaterThanOrEqual(ms - 1);
    }
  });

  it('runs a chain of short sleeps one after another, each resolving once', async () => {
    let resolved = 0;
    for (let i = 0; i < 50; i++) await realClock.sleep(1).then(() => resolved++);
    expect(resolved).toBe(50);
  });
});

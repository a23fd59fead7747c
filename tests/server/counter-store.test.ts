import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { createMemoryCounterStore, type CounterStore } from '../../server/counters/counter-store';
import { createPgCounterStore } from '../../server/counters/pg-counter-store';

/**
 * The two counter stores keep one contract: fixed windows, atomic counts under concurrency, never below zero. The
 * PostgreSQL one runs here on the test database (PGlite, and PostgreSQL in the PostgreSQL pass).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, HOOK_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
}, HOOK_TIMEOUT_MS);

const stores: Array<[string, () => CounterStore]> = [
  ['in memory', () => createMemoryCounterStore()],
  ['in the database', () => createPgCounterStore(h.app.db)],
];

describe.each(stores)('counter store %s', (_name, make) => {
  it('gives 30 concurrent hits the counts 1 to 30', async () => {
    const s = make();
    const key = `race-${Math.random()}`;
    const counts = await Promise.all(Array.from({ length: 30 }, () => s.add(key, 60_000).then((w) => w.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect((await s.get(key)).count).toBe(30);
  });

  it('opens a new window once the last has ended, and never counts below zero', async () => {
    const s = make();
    const key = `window-${Math.random()}`;
    expect(await s.add(key, 150)).toMatchObject({ count: 1 });
    const second = await s.add(key, 150);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(150);
    await new Promise((r) => setTimeout(r, 200));
    expect(await s.get(key)).toEqual({ count: 0, ttlMs: 0 });
    expect((await s.add(key, 60_000)).count).toBe(1);
    expect((await s.add(key, 60_000, -5)).count).toBe(0);
    await s.delete(key);
    expect((await s.get(key)).count).toBe(0);
  });
});

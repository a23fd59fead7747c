import { describe, expect, it } from 'vitest';
import { positionBuffers } from '../../server/sessions/position-buffers';

/**
 * Sizes in KiB, not the MiB of real uploads: what the pool does does not depend on a buffer's size, and `toBe` between
 * two different typed arrays compares them element by element (4 MiB took Vitest 15 s).
 */
const KiB = 1024;

describe('the shared buffers upload position texts are written into', () => {
  it('are shared memory of the size asked, and one given back is the next one taken', () => {
    const pool = positionBuffers(1);
    const a = pool.take(4 * KiB);
    expect(a.byteLength).toBe(4 * KiB);
    expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    pool.give(a);
    expect(pool.take(4 * KiB)).toBe(a);
    expect(pool.take(4 * KiB)).not.toBe(a);
  });

  it('never hands out a kept buffer smaller than asked', () => {
    const pool = positionBuffers(2);
    const small = pool.take(KiB);
    pool.give(small);
    const big = pool.take(2 * KiB);
    expect(big).not.toBe(small);
    expect(big.byteLength).toBe(2 * KiB);
  });

  it('keeps no more buffers than it was given room for, and a buffer given back twice once', () => {
    const pool = positionBuffers(1);
    const [a, b] = [pool.take(KiB), pool.take(KiB)];
    pool.give(a);
    pool.give(a);
    pool.give(b);
    expect(pool.take(KiB)).toBe(a);
    const next = pool.take(KiB);
    expect(next).not.toBe(a);
    expect(next).not.toBe(b);
  });
});

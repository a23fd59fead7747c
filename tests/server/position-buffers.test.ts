import { describe, expect, it } from 'vitest';
import { positionBuffers } from '../../server/sessions/position-buffers';

const MiB = 1024 * 1024;

describe('the shared buffers upload position texts are written into', () => {
  it('are shared memory of the size asked, and one given back is the next one taken', () => {
    const pool = positionBuffers(1);
    const a = pool.take(4 * MiB);
    expect(a.byteLength).toBe(4 * MiB);
    expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    pool.give(a);
    expect(pool.take(4 * MiB)).toBe(a);
    expect(pool.take(4 * MiB)).not.toBe(a);
  });

  it('never hands out a kept buffer smaller than asked', () => {
    const pool = positionBuffers(2);
    const small = pool.take(MiB);
    pool.give(small);
    const big = pool.take(2 * MiB);
    expect(big).not.toBe(small);
    expect(big.byteLength).toBe(2 * MiB);
  });

  it('keeps no more buffers than it was given room for, and a buffer given back twice once', () => {
    const pool = positionBuffers(1);
    const [a, b] = [pool.take(MiB), pool.take(MiB)];
    pool.give(a);
    pool.give(a);
    pool.give(b);
    expect(pool.take(MiB)).toBe(a);
    const next = pool.take(MiB);
    expect(next).not.toBe(a);
    expect(next).not.toBe(b);
  });
});

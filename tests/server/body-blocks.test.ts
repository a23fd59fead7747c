import { describe, expect, it } from 'vitest';
import { bodyBlocks } from '../../server/sessions/raw-upload';

const MiB = 1024 * 1024;

describe('the shared blocks upload bodies are read into', () => {
  it('are 1 MiB of shared memory, and a block given back is the next one taken', () => {
    const pool = bodyBlocks(4 * MiB);
    const a = pool.take();
    expect(a.byteLength).toBe(MiB);
    expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
    pool.give([a]);
    expect(pool.take()).toBe(a);
    expect(pool.take()).not.toBe(a);
  });

  it('keeps no more than the bytes it was given room for, so a burst of bodies leaves no more behind', () => {
    const pool = bodyBlocks(2 * MiB);
    const taken = [pool.take(), pool.take(), pool.take()];
    pool.give(taken);
    const again = [pool.take(), pool.take(), pool.take()];
    expect(again.filter((b) => taken.includes(b))).toHaveLength(2);
  });
});

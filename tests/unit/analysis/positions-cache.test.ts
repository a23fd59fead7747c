import { describe, expect, it } from 'vitest';
import { createPositionsCache } from '../../../workers/positions-cache';
import { syntheticSession } from '../../helpers/synthetic-session';
import type { PositionColumns } from '../../../src/domain/session-types';

const columns = (seed: number): PositionColumns => syntheticSession({ fixes: 50, seed }).positions;

describe('positions cache', () => {
  it('gives back the columns kept under a key', () => {
    const cache = createPositionsCache();
    const p = columns(1);
    cache.put('a', p);
    expect(cache.get('a')).toBe(p);
  });

  it('answers undefined for a key it never kept', () => {
    expect(createPositionsCache().get('missing')).toBeUndefined();
  });

  it('evicts the least recently used session beyond its capacity, counting a read as a use', () => {
    const cache = createPositionsCache(2);
    const [a, b, c] = [columns(1), columns(2), columns(3)];
    cache.put('a', a);
    cache.put('b', b);
    expect(cache.get('a')).toBe(a); // a is now more recent than b
    cache.put('c', c);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.get('c')).toBe(c);
  });

  it('replaces the columns of a key kept again without growing', () => {
    const cache = createPositionsCache(2);
    const [a, b] = [columns(1), columns(2)];
    cache.put('a', a);
    cache.put('a', b);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(b);
  });
});

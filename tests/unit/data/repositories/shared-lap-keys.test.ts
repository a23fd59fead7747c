import { describe, expect, it } from 'vitest';
import { fastestFirst, sharedLapKey, withdrawnKeys } from '../../../../src/data/repositories/shared-lap-keys';
import type { LapSlice } from '../../../../src/contracts/sharing';

describe('shared lap keys', () => {
  it('keys a kept lap by viewer, session and lap', () => {
    expect(sharedLapKey(3, 40, 7)).toBe('3:40:7');
  });

  it('finds the kept laps the server no longer lists as shared', () => {
    const kept = [{ key: sharedLapKey(3, 40, 7) }, { key: sharedLapKey(3, 41, 2) }, { key: sharedLapKey(3, 40, 8) }];
    expect(withdrawnKeys(3, kept, [{ sessionId: 40, lapNumber: 7 }])).toEqual(['3:41:2', '3:40:8']);
    expect(withdrawnKeys(3, kept, kept.map((k) => ({ sessionId: Number(k.key.split(':')[1]), lapNumber: Number(k.key.split(':')[2]) })))).toEqual([]);
  });

  it('orders kept laps fastest first', () => {
    const lap = (lapTimeMs: number) => ({ slice: { lapTimeMs } as LapSlice });
    expect([lap(61_000), lap(59_500), lap(60_000)].sort(fastestFirst).map((l) => l.slice.lapTimeMs)).toEqual([59_500, 60_000, 61_000]);
  });
});

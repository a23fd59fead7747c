import { describe, expect, it } from 'vitest';
import { newestFirst, syncStateCounts } from '../../../../src/data/repositories/session-list';

describe('newestFirst', () => {
  it('puts the latest date first, and the later stored first on the same date', () => {
    const rows = [
      { localId: 1, date: '2026-01-01T09:00:00.000Z' },
      { localId: 2, date: '2026-03-01T09:00:00.000Z' },
      { localId: 3, date: '2026-01-01T09:00:00.000Z' },
    ];
    expect([...rows].sort(newestFirst).map((r) => r.localId)).toEqual([2, 3, 1]);
  });
});

describe('syncStateCounts', () => {
  it('counts every sync state, zero included', () => {
    expect(syncStateCounts([])).toEqual({ Pending: 0, 'In Progress': 0, Completed: 0, Failed: 0 });
    expect(syncStateCounts([{ syncState: 'Pending' }, { syncState: 'Failed' }, { syncState: 'Pending' }])).toEqual({
      Pending: 2,
      'In Progress': 0,
      Completed: 0,
      Failed: 1,
    });
  });
});

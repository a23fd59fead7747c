import { describe, expect, it } from 'vitest';
import { earliestDueAt } from '../../../../src/data/sync/next-due-at';
import { PARKED_AT } from '../../../../src/data/sync/sync-policy';

describe('earliestDueAt', () => {
  it('is null when no entry is waiting', () => {
    expect(earliestDueAt([])).toBeNull();
  });

  it('takes the later of retry time and lease end of each entry, and the earliest of those', () => {
    expect(earliestDueAt([
      { nextAttemptAt: 500, leaseUntil: 0 },
      { nextAttemptAt: 100, leaseUntil: 300 },
      { nextAttemptAt: 900, leaseUntil: 200 },
    ])).toBe(300);
  });

  it('leaves parked entries out', () => {
    expect(earliestDueAt([{ nextAttemptAt: PARKED_AT, leaseUntil: 0 }])).toBeNull();
    expect(earliestDueAt([{ nextAttemptAt: PARKED_AT, leaseUntil: 0 }, { nextAttemptAt: 40, leaseUntil: 0 }])).toBe(40);
  });
});

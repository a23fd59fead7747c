import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../../../src/contracts/entities';
import { sessionAfterPatch } from '../../../../src/data/sync/session-after-patch';

const summary = {
  id: 12,
  name: 'Renamed',
  circuitId: 4,
  vehicleCategoryId: null,
  favorite: false,
  weatherConditions: 'Dry',
  visibility: 'team',
  updatedAt: '2026-02-01T10:00:00.000Z',
} as SessionSummary;

describe('sessionAfterPatch', () => {
  it('takes the server fields and completes the session when nothing changed meanwhile', () => {
    expect(sessionAfterPatch(summary, false)).toEqual({
      summary,
      serverUpdatedAt: summary.updatedAt,
      syncState: 'Completed',
      lastError: null,
      name: 'Renamed',
      circuitId: 4,
      vehicleCategoryId: null,
      favorite: false,
      weatherConditions: 'Dry',
      visibility: 'team',
      updatedAt: summary.updatedAt,
    });
  });

  it('keeps the local edits and stays pending when fields were edited while the PATCH was in flight', () => {
    expect(sessionAfterPatch(summary, true)).toEqual({ summary, serverUpdatedAt: summary.updatedAt, syncState: 'Pending', lastError: null });
  });
});

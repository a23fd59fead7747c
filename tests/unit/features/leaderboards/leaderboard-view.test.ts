import { describe, expect, it } from 'vitest';
import type { Circuit } from '../../../../src/contracts/entities';
import { leaderboardRequestSchema } from '../../../../src/contracts/leaderboard';
import {
  circuitChoices,
  emptyLeaderboardForm,
  fromLeaderboardRequest,
  gapText,
  lapText,
  toLeaderboardRequest,
  withFilters,
} from '../../../../src/features/leaderboards/leaderboard-view';

const c = (id: number, countryId: number, typeId: number) => ({ id, countryId, typeId }) as Circuit;

describe('leaderboard screen helpers', () => {
  it('offers only the circuits of the chosen country and type', () => {
    const circuits = [c(1, 1, 1), c(2, 1, 2), c(3, 2, 1)];
    expect(circuitChoices(circuits, { countryId: null, circuitTypeId: null }).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(circuitChoices(circuits, { countryId: 1, circuitTypeId: null }).map((x) => x.id)).toEqual([1, 2]);
    expect(circuitChoices(circuits, { countryId: 1, circuitTypeId: 1 }).map((x) => x.id)).toEqual([1]);
  });

  it('drops a chosen circuit outside a newly chosen country or type, and keeps one inside it', () => {
    const circuits = [c(1, 1, 1), c(2, 1, 2), c(3, 2, 1)];
    const form = { ...emptyLeaderboardForm(), circuitId: 2 };
    expect(withFilters(circuits, form, { countryId: 1 })).toEqual({ ...form, countryId: 1 });
    expect(withFilters(circuits, form, { circuitTypeId: 1 })).toEqual({ ...form, circuitTypeId: 1, circuitId: null });
    expect(withFilters(circuits, form, { limit: 3 })).toEqual({ ...form, limit: 3 });
    expect(form.circuitId).toBe(2);
  });

  it('sends only the filters that are set, and the request passes the contract', () => {
    expect(toLeaderboardRequest(emptyLeaderboardForm())).toEqual({ limit: 10 });
    const req = toLeaderboardRequest({ countryId: 1, circuitId: null, circuitTypeId: 2, vehicleCategoryId: 3, limit: 3 });
    expect(req).toEqual({ countryId: 1, circuitTypeId: 2, vehicleCategoryId: 3, limit: 3 });
    expect(leaderboardRequestSchema.safeParse(req).success).toBe(true);
    expect(fromLeaderboardRequest(req)).toEqual({ countryId: 1, circuitId: null, circuitTypeId: 2, vehicleCategoryId: 3, limit: 3 });
  });

  it('writes gaps with a plus sign and a dash for the leader', () => {
    expect(gapText(0)).toBe('-');
    expect(gapText(1_500)).toBe('+00:01.50');
    expect(lapText(61_234)).toBe('01:01.23');
    expect(lapText(null)).toBe('-');
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/data/api/api-error';
import type { LeaderboardsApi } from '../../../src/data/api/leaderboards';
import { AstroDb } from '../../../src/data/db/database';
import { createLeaderboardRepository, leaderboardKey } from '../../../src/data/repositories/leaderboard-repository';
import type { LeaderboardRow } from '../../../src/contracts/leaderboard';

let db: AstroDb;
afterEach(async () => {
  await db?.delete();
});

const row = (userId: number, bestLapMs: number): LeaderboardRow => ({
  position: 1, driver: `Driver ${userId}`, userId, bestLapMs, gapMs: 0, date: '2026-05-01T10:00:00.000Z', sessionId: userId, circuitId: 1,
  circuitName: 'Braga', vehicleCategory: 'Senior', vehicleCategoryId: 3, optimalLapMs: bestLapMs - 100,
  lapNumber: 2, comparable: false,
});

function setup(answer: () => Promise<LeaderboardRow[]>) {
  db = new AstroDb(`lb-${Math.random()}`);
  const api: LeaderboardsApi = { query: () => answer() };
  return createLeaderboardRepository({ db: () => db, api, now: () => new Date('2026-06-01T12:00:00.000Z') });
}

describe('leaderboard repository', () => {
  it('keys requests by their filters whatever the property order', () => {
    expect(leaderboardKey({ circuitId: 1, limit: 3 })).toBe(leaderboardKey({ limit: 3, circuitId: 1 }));
    expect(leaderboardKey({ circuitId: 1 })).not.toBe(leaderboardKey({ countryId: 1 }));
    expect(leaderboardKey({})).toBe(leaderboardKey({ limit: 10 }));
  });

  it('stores each answer and serves it offline for the same filters only', async () => {
    let online = true;
    const repo = setup(async () => {
      if (!online) throw new ApiError('NETWORK', 'Network error');
      return [row(1, 60_000)];
    });
    const fresh = await repo.query({ circuitId: 1, limit: 10 });
    expect(fresh).toEqual({ rows: [row(1, 60_000)], fetchedAt: '2026-06-01T12:00:00.000Z', fromCache: false });
    online = false;
    expect(await repo.query({ limit: 10, circuitId: 1 })).toEqual({ ...fresh, fromCache: true });
    await expect(repo.query({ circuitId: 2 })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(await repo.lastRequest()).toEqual({ limit: 10, circuitId: 1 });
  });

  it('rethrows server refusals instead of showing an old copy', async () => {
    let fail = false;
    const repo = setup(async () => {
      if (fail) throw new ApiError('VALIDATION', 'Invalid', 400);
      return [];
    });
    await repo.query({ circuitId: 1 });
    fail = true;
    await expect(repo.query({ circuitId: 1 })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('drops stored rows that no longer match the contract', async () => {
    const repo = setup(async () => []);
    await db.leaderboards.put({ key: leaderboardKey({ circuitId: 9 }), rows: [row(1, 1), { bogus: true }], fetchedAt: '2026-01-01T00:00:00.000Z' });
    expect((await repo.cached({ circuitId: 9 }))?.rows).toEqual([row(1, 1)]);
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/data/api/api-error';
import type { Team, TeamSession } from '../../../src/contracts/sharing';
import { AstroDb } from '../../../src/data/db/database';
import { createTeamsRepository } from '../../../src/data/repositories/teams-repository';

let db: AstroDb | null = null;
afterEach(async () => {
  db?.close();
  await db?.delete();
  db = null;
});

const team: Team = { id: 1, name: 'Braga Karting', ownerId: 7, mine: false, members: [{ userId: 7, name: 'Ana E.', role: 'racer' }], pending: [] };
const session: TeamSession = {
  id: 3,
  name: 'Braga Ana',
  filename: '20260510_1000_Braga',
  userId: 7,
  circuitId: null,
  vehicleCategoryId: null,
  date: '2026-05-10T10:00:00.000Z',
  favorite: false,
  weatherConditions: null,
  lapsBytes: 10,
  coordinatesBytes: 10,
  bestLapMs: 62_000,
  lapCount: 3,
  circuit: null,
  vehicleCategory: null,
  user: { firstName: 'Ana' },
  visibility: 'team',
  createdAt: '2026-05-10T10:00:00.000Z',
  updatedAt: '2026-05-10T10:00:00.000Z',
  ownerName: 'Ana E.',
};

function repo(state: { online: boolean; status?: number; userId: number }) {
  db ??= new AstroDb(`teams-${Math.random()}`);
  const net = () => {
    if (!state.online) throw new ApiError('NETWORK', 'Failed to fetch');
    if (state.status) throw new ApiError(state.status === 401 ? 'UNAUTHORIZED' : 'HTTP', 'refused', state.status);
  };
  const d = db;
  return createTeamsRepository({
    db: () => d,
    api: { teams: async () => (net(), [team]), teamSessions: async () => (net(), [session]) },
    currentUserId: () => state.userId,
    now: () => new Date('2026-05-10T10:00:00.000Z'),
  });
}

describe('the Team view lists, offline first', () => {
  it('keeps the lists fetched online and shows them offline, marked as such, for that user only', async () => {
    const state = { online: true, userId: 5 };
    const teams = repo(state);
    expect(await teams.load()).toEqual({ teams: [team], sessions: [session], fetchedAt: '2026-05-10T10:00:00.000Z', offline: false });
    state.online = false;
    expect(await teams.load()).toEqual({ teams: [team], sessions: [session], fetchedAt: '2026-05-10T10:00:00.000Z', offline: true });
    expect(await teams.kept(5)).toMatchObject({ teams: [team], offline: true });
    // Another account on this device sees none of it.
    expect(await teams.kept(6)).toEqual({ teams: [], sessions: [], fetchedAt: null, offline: true });
  });

  it('offline before any fetch: empty and never fetched; a server error falls back the same way; a refusal is thrown', async () => {
    const state = { online: false, userId: 5, status: 0 };
    const teams = repo(state);
    expect(await teams.load()).toEqual({ teams: [], sessions: [], fetchedAt: null, offline: true });
    state.online = true;
    state.status = 503;
    expect((await teams.load()).offline).toBe(true);
    state.status = 401;
    await expect(teams.load()).rejects.toMatchObject({ status: 401 });
  });
});

import { describe, expect, it } from 'vitest';
import { filterTeamSessions, NO_FILTER, teamSessionChoices } from '../../../../src/features/profile/team-sessions-filter';

const member = (userId: number, role: 'racer' | 'coach' = 'racer') => ({ userId, name: `U${userId}`, role });
const teams = [
  { id: 1, name: 'Braga Karting', members: [member(10), member(11), member(12, 'coach')] },
  { id: 2, name: 'Algarve Racing', members: [member(10), member(20)] },
  { id: 3, name: 'Empty Team', members: [member(10), member(30)] },
];
const session = (id: number, userId: number, ownerName: string, circuit: { id: number; name: string } | null) => ({ id, userId, ownerName, circuit });
const sessions = [
  session(1, 11, 'Rui C.', { id: 5, name: 'Braga' }),
  session(2, 20, 'Ana S.', { id: 6, name: 'Portimão' }),
  session(3, 11, 'Rui C.', { id: 6, name: 'Portimão' }),
  session(4, 20, 'Ana S.', null),
];

describe('Team view filters', () => {
  it('offers the teams with a session listed, the racers and the circuits, sorted by name', () => {
    const choices = teamSessionChoices(sessions, teams);
    expect(choices.teams).toEqual([
      { value: '2', label: 'Algarve Racing' },
      { value: '1', label: 'Braga Karting' },
    ]);
    expect(choices.racers).toEqual([
      { value: '20', label: 'Ana S.' },
      { value: '11', label: 'Rui C.' },
    ]);
    expect(choices.circuits).toEqual([
      { value: '5', label: 'Braga' },
      { value: '6', label: 'Portimão' },
    ]);
  });

  it('keeps the sessions of a team’s racers, of a racer, on a circuit, and all of them together', () => {
    const ids = (f: Partial<typeof NO_FILTER>) => filterTeamSessions(sessions, teams, { ...NO_FILTER, ...f }).map((s) => s.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ teamId: 1 })).toEqual([1, 3]);
    expect(ids({ teamId: 2 })).toEqual([2, 4]);
    expect(ids({ ownerId: 20 })).toEqual([2, 4]);
    expect(ids({ circuitId: 6 })).toEqual([2, 3]);
    expect(ids({ teamId: 1, circuitId: 6 })).toEqual([3]);
    expect(ids({ teamId: 1, ownerId: 20 })).toEqual([]);
  });

  it('a coach’s sessions are never a team’s, and a team no longer listed keeps nothing', () => {
    const coachSession = [session(9, 12, 'Cora E.', null)];
    expect(filterTeamSessions(coachSession, teams, { ...NO_FILTER, teamId: 1 })).toEqual([]);
    expect(teamSessionChoices(coachSession, teams).teams).toEqual([]);
    expect(filterTeamSessions(sessions, teams, { ...NO_FILTER, teamId: 99 })).toEqual([]);
  });
});

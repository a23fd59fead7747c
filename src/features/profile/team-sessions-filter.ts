/**
 * The Team view's session filters (team, racer, circuit), pure: the choices each offers, from the sessions listed
 * and the racer's teams, and the sessions a choice keeps.
 */
import type { Team } from '../../contracts/sharing';

/** What the filters read of a team session. */
export interface FilterableTeamSession {
  userId: number;
  ownerName: string;
  circuit: { id: number; name: string } | null;
}

export interface TeamSessionFilter {
  teamId: number | null;
  ownerId: number | null;
  circuitId: number | null;
}

export const NO_FILTER: TeamSessionFilter = { teamId: null, ownerId: null, circuitId: null };

interface Choice {
  value: string;
  label: string;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value);

/** A team's racers: whose sessions count as that team's (a coach shares nothing). */
const racersOf = (team: Pick<Team, 'members'>) => new Set(team.members.filter((m) => m.role === 'racer').map((m) => m.userId));

/**
 * The choices of each filter, sorted by name: teams with at least one session listed, the racers and circuits of the
 * sessions listed.
 */
export function teamSessionChoices(sessions: readonly FilterableTeamSession[], teams: readonly Pick<Team, 'id' | 'name' | 'members'>[]): { teams: Choice[]; racers: Choice[]; circuits: Choice[] } {
  const racers = new Map<number, string>();
  const circuits = new Map<number, string>();
  for (const s of sessions) {
    racers.set(s.userId, s.ownerName);
    if (s.circuit) circuits.set(s.circuit.id, s.circuit.name);
  }
  const owners = new Set(racers.keys());
  const withSessions = teams.filter((t) => [...racersOf(t)].some((id) => owners.has(id)));
  return {
    teams: withSessions.map((t) => ({ value: String(t.id), label: t.name })).sort(byLabel),
    racers: [...racers].map(([id, name]) => ({ value: String(id), label: name })).sort(byLabel),
    circuits: [...circuits].map(([id, name]) => ({ value: String(id), label: name })).sort(byLabel),
  };
}

/** The sessions a filter keeps, in their order; a team no longer listed keeps nothing. */
export function filterTeamSessions<S extends FilterableTeamSession>(sessions: readonly S[], teams: readonly Pick<Team, 'id' | 'members'>[], filter: TeamSessionFilter): S[] {
  const team = filter.teamId === null ? null : teams.find((t) => t.id === filter.teamId);
  const members = team ? racersOf(team) : null;
  return sessions.filter(
    (s) =>
      (filter.teamId === null || (members !== null && members.has(s.userId))) &&
      (filter.ownerId === null || s.userId === filter.ownerId) &&
      (filter.circuitId === null || s.circuit?.id === filter.circuitId),
  );
}

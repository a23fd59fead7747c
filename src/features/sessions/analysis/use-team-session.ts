/**
 * '?team=<server id>' on the analysis: a team-mate's session opened read-only from the Team view. Loaded through the
 * port at each open (the server decides every time whether the racer still may see it), in place of the active
 * sessions; the racer's own selection is left as it was.
 */
import { messageOfError, type Message } from '../../../contracts/messages';
import { useEffect, useState } from 'react';
import { TeamSessionUnavailable, useLoadedSessions, type ComparisonSelection, type LoadedSession, type LoadedSessions, type SessionsPort } from '../shared';

export interface TeamSessionState {
  /** The loaded session, on the left (the screen's `loaded` shape: no right session). */
  left: LoadedSession | null;
  right: null;
  loading: boolean;
  /** A failure the screen shows as it is (the worker failed, the server answered 500...). */
  error: Message | null;
  /** Not shared with the racer any more, or no connection: said in the racer's words. */
  unavailable: 'gone' | 'offline' | null;
}

const IDLE: TeamSessionState = { left: null, right: null, loading: false, error: null, unavailable: null };

function useTeamSession(port: SessionsPort, serverId: number | null): TeamSessionState {
  const [state, setState] = useState<{ id: number | null; value: TeamSessionState }>({ id: null, value: IDLE });
  useEffect(() => {
    if (serverId === null) return;
    const controller = new AbortController();
    port.loadTeamSession(serverId, controller.signal).then(
      (session) => !controller.signal.aborted && setState({ id: serverId, value: { ...IDLE, left: session } }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        const value =
          e instanceof TeamSessionUnavailable ? { ...IDLE, unavailable: e.reason } : { ...IDLE, error: messageOfError(e) };
        setState({ id: serverId, value });
      },
    );
    return () => controller.abort();
  }, [port, serverId]);
  if (serverId === null) return IDLE;
  return state.id === serverId ? state.value : { ...IDLE, loading: true };
}

const NO_SELECTION: ComparisonSelection = { left: null, right: null };

/**
 * The sessions the lap viewer shows: a team-mate's (read-only) when one is asked for, else the racer's active ones.
 * `unavailable`: why the team-mate's cannot be shown.
 */
export function useShownSessions(port: SessionsPort, selection: ComparisonSelection, teamSessionId: number | null): { loaded: LoadedSessions | TeamSessionState; unavailable: TeamSessionState['unavailable'] } {
  const team = useTeamSession(port, teamSessionId);
  const own = useLoadedSessions(port, teamSessionId === null ? selection : NO_SELECTION);
  return teamSessionId === null ? { loaded: own, unavailable: null } : { loaded: team, unavailable: team.unavailable };
}

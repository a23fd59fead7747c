/**
 * The coach's session-wide figures of a loaded session, asked from the analysis worker once the session is on
 * screen (after its analysis, so the lap tables and charts never wait for the coach). One request per loaded
 * session: results are kept with it.
 */
import { useEffect, useState } from 'react';
import type { CoachedSession } from '../../../analysis/analysis-client';
import type { LoadedSession, SessionsPort } from '../shared';

export interface Coaching {
  data: CoachedSession | null;
  error: string | null;
}

const done = new WeakMap<LoadedSession, Coaching>();
const NONE: Coaching = { data: null, error: null };

export function useCoaching(port: SessionsPort, session: LoadedSession | null): Coaching {
  const [state, setState] = useState<{ session: LoadedSession | null; coaching: Coaching }>({ session: null, coaching: NONE });
  useEffect(() => {
    if (!session || done.has(session)) return;
    const controller = new AbortController();
    port.coachSession(session, controller.signal).then(
      (data) => {
        const coaching = { data, error: null };
        done.set(session, coaching);
        if (!controller.signal.aborted) setState({ session, coaching });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ session, coaching: { data: null, error: error instanceof Error ? error.message : String(error) } });
      },
    );
    return () => controller.abort();
  }, [port, session]);
  if (!session) return NONE;
  return done.get(session) ?? (state.session === session ? state.coaching : NONE);
}

/**
 * Loads the active (left/right) sessions through the port: texts from IndexedDB (or the server once), parsed
 * and analysed in the worker. A change of selection aborts the loads in flight. `reload()` reloads after the
 * session changed (gates saved).
 */
import { messageOfError, type Message } from '../../../contracts/messages';
import { useCallback, useEffect, useState } from 'react';
import type { ComparisonSelection } from './comparison-selection';
import type { LoadedSession, SessionsPort } from './sessions-port';

export interface LoadedSessions {
  left: LoadedSession | null;
  right: LoadedSession | null;
  loading: boolean;
  error: Message | null;
  reload: () => void;
}

export function useLoadedSessions(port: SessionsPort, selection: ComparisonSelection): LoadedSessions {
  const leftId = selection.left?.id ?? null;
  const rightId = selection.right?.id ?? null;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ key: string; left: LoadedSession | null; right: LoadedSession | null; error: Message | null }>({
    key: '',
    left: null,
    right: null,
    error: null,
  });
  const key = `${leftId}:${rightId}:${version}`;

  useEffect(() => {
    if (leftId === null) {
      setState({ key, left: null, right: null, error: null });
      return;
    }
    const controller = new AbortController();
    Promise.all([port.loadSession(leftId, 0, controller.signal), rightId !== null ? port.loadSession(rightId, 1, controller.signal) : Promise.resolve(null)]).then(
      ([left, right]) => {
        if (!controller.signal.aborted) setState({ key, left, right, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, left: null, right: null, error: messageOfError(error) });
      },
    );
    return () => controller.abort();
  }, [port, leftId, rightId, key]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { left: state.left, right: state.right, loading: leftId !== null && state.key !== key, error: state.error, reload };
}

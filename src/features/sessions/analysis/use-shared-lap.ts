/**
 * Another racer's shared lap in the lap viewer: the request from a leaderboard row ('?compare=<session>-<lap>&circuit='),
 * applied once the library rows are read (the racer's own fastest session on that circuit becomes the active one,
 * the shared lap the reference), and the loading of the chosen lap (fetched once, then kept on this device).
 */
import { messageOfError, type Message } from '../../../contracts/messages';
import { useEffect, useState } from 'react';
import { openSession, type ActiveSessionsStore, type LoadedSession, type SessionsPort, type SharedReference, type SharedReferenceStore } from '../shared';

/**
 * True while the request waits for the rows. `onMissing`: the racer has no session on that circuit (nothing to
 * compare the lap with).
 */
export function useCompareRequest(
  port: SessionsPort,
  store: ActiveSessionsStore,
  shared: SharedReferenceStore,
  request: { compare: string | null; circuitId: number | null },
  onApplied: () => void,
  onMissing: () => void,
): boolean {
  const rows = port.useLibraryRows();
  const [applied, setApplied] = useState<string | null>(null);
  const { compare, circuitId } = request;
  useEffect(() => {
    if (compare === null || circuitId === null || !rows || applied === compare) return;
    const [sessionId, lapNumber] = compare.split('-').map(Number);
    // The racer's fastest session on the circuit (one without a known best lap only when there is no other).
    const onCircuit = rows.filter((r) => r.circuitId === circuitId);
    const timed = onCircuit.filter((r) => r.bestLapMs !== null).sort((a, b) => a.bestLapMs! - b.bestLapMs!);
    const best = timed[0] ?? onCircuit[0] ?? null;
    if (best) {
      store.set(openSession({ left: null, right: null }, { id: best.id, circuitId: best.circuitId }));
      shared.set({ sessionId, lapNumber, circuitId });
    } else onMissing();
    setApplied(compare);
    onApplied();
  }, [compare, circuitId, rows, store, shared, applied]);
  return compare !== null && applied !== compare;
}

export interface SharedLapState {
  session: LoadedSession | null;
  loading: boolean;
  error: Message | null;
}

/** Loads the shared reference lap when one is chosen for the left session's circuit and no right session is active. */
export function useSharedLap(port: SessionsPort, ref: SharedReference | null, left: LoadedSession | null, rightActive: boolean): SharedLapState {
  const wanted = ref && left && !rightActive && left.circuitId === ref.circuitId ? `${ref.sessionId}-${ref.lapNumber}` : null;
  const [state, setState] = useState<{ key: string | null; session: LoadedSession | null; error: Message | null }>({ key: null, session: null, error: null });
  useEffect(() => {
    if (wanted === null) return;
    const [sessionId, lapNumber] = wanted.split('-').map(Number);
    const controller = new AbortController();
    port.loadSharedLap(sessionId, lapNumber, 1, controller.signal).then(
      (session) => !controller.signal.aborted && setState({ key: wanted, session, error: null }),
      (e: unknown) => !controller.signal.aborted && setState({ key: wanted, session: null, error: messageOfError(e) }),
    );
    return () => controller.abort();
  }, [port, wanted]);
  if (wanted === null) return { session: null, loading: false, error: null };
  return state.key === wanted ? { session: state.session, loading: false, error: state.error } : { session: null, loading: true, error: null };
}

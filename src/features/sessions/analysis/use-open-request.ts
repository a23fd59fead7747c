/**
 * '?open=<id>' on the analysis: 'Analyse' after a download or an import asks for one session by its local id.
 * Once the library rows are read, that session becomes the active one (comparison-selection.ts's openSession,
 * so the spec's active-session model stays the one source) and the request is dropped from the URL; an id that
 * is not (or no longer) in the library is dropped too, leaving the usual empty state.
 */
import { useEffect, useState } from 'react';
import type { ActiveSessionsStore } from '../shared';
import { openSession } from '../shared';
import type { SessionsPort } from '../shared';

/** True while the request waits for the rows (the screen shows its loader, not the empty state). */
export function useOpenRequest(port: SessionsPort, store: ActiveSessionsStore, openId: number | null, onOpened: () => void): boolean {
  const rows = port.useLibraryRows();
  const [applied, setApplied] = useState<number | null>(null);
  useEffect(() => {
    if (openId === null || !rows || applied === openId) return;
    const row = rows.find((r) => r.id === openId);
    if (row) store.set(openSession(store.get(), { id: row.id, circuitId: row.circuitId }));
    setApplied(openId);
    onOpened();
  }, [openId, rows, store, applied]);
  return openId !== null && applied !== openId;
}

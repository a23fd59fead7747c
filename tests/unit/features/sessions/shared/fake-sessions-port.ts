/** An in-memory SessionsPort for component tests: rows in a list, edits and deletes applied at once. */
import { coachingLapColumns, sessionCoaching } from '../../../../../src/domain/coaching/session-coaching';
import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import type { Circuit, VehicleCategory } from '../../../../../src/contracts/entities';
import { ApiError } from '../../../../../src/data/api/api-error';
import type { ImportResult, LibraryRow, LoadedSession, SessionsPort, SharedLapChoice } from '../../../../../src/features/sessions/shared/sessions-port';

export function libraryRow(over: Partial<LibraryRow> & { id: number }): LibraryRow {
  return {
    serverId: over.id + 100,
    name: `Session ${over.id}`,
    filename: `20260301_10${String(over.id).padStart(2, '0')}_Braga`,
    circuitId: 1,
    circuitName: 'Braga',
    vehicleCategoryId: null,
    vehicleCategoryName: '',
    date: `2026-03-${String(over.id).padStart(2, '0')}T10:00:00`,
    favorite: false,
    weatherConditions: null,
    syncState: 'Completed',
    lastError: null,
    bestLapMs: null,
    lapCount: null,
    durationMs: null,
    ...over,
  };
}

export const circuit = (id: number, name: string): Circuit => ({
  id,
  userId: null,
  name,
  typeId: 1,
  countryId: 1,
  description: '',
  configuration: 'Regular',
  direction: 'Clockwise',
  length: 1000,
  coordinates: '41.5;-8.6',
  size: 12,
  type: null,
  country: null,
  createdAt: '2026-01-01',
  updatedAt: '2026-01-01',
});

export function createFakePort(initial: LibraryRow[], circuits: Circuit[] = [], categories: VehicleCategory[] = []) {
  let rows = initial;
  const listeners = new Set<() => void>();
  const set = (next: LibraryRow[]) => {
    rows = next;
    listeners.forEach((l) => l());
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const port = {
    useLibraryRows: () => useSyncExternalStore(subscribe, () => rows),
    useCircuits: () => circuits,
    useVehicleCategories: () => categories,
    editSession: vi.fn(async (id: number, edit: Partial<LibraryRow>) => {
      set(rows.map((r) => (r.id === id ? { ...r, ...edit } : r)));
    }),
    deleteSession: vi.fn(async (id: number) => set(rows.filter((r) => r.id !== id))),
    retrySync: vi.fn(async () => {}),
    // As the real repository does without a connection.
    refreshFromServer: vi.fn(async () => {
      throw new ApiError('NETWORK', 'Network error');
    }),
    loadSession: vi.fn(async (_id: number, _index: number, _signal?: AbortSignal): Promise<LoadedSession> => {
      throw new Error('not in this test');
    }),
    // The same figures the worker computes, in-process.
    coachSession: vi.fn(async (session: LoadedSession) => ({ ...sessionCoaching(session.positions, coachingLapColumns(session.analysis.laps)), timings: { coachingMs: 0 } })),
    loadTexts: vi.fn(async () => ({ laps: '', nmea: '' })),
    importFile: vi.fn(async (_file: File, _laps?: File, _onProgress?: (share: number) => void): Promise<ImportResult> => ({ id: 99, name: 'Imported', laps: 3, circuitFound: true, alreadyStored: false })),
    saveGates: vi.fn(async () => ({ laps: 0 })),
    saveStartFinish: vi.fn(async () => ({ laps: 4, circuitName: 'Club track', circuitId: 900 })),
    loadSharedLap: vi.fn(async (_sessionId: number, _lap: number, _index: number, _signal?: AbortSignal): Promise<LoadedSession> => {
      throw new Error('not in this test');
    }),
    sharedLaps: vi.fn(async (_circuitId: number, _categoryId: number | null, _signal?: AbortSignal): Promise<{ laps: SharedLapChoice[]; offline: boolean }> => ({ laps: [], offline: false })),
    loadTeamSession: vi.fn(async (_serverId: number, _signal?: AbortSignal): Promise<LoadedSession> => {
      throw new Error('not in this test');
    }),
    useCountries: () => [],
    useCircuitTypes: () => [],
  } satisfies SessionsPort;
  return { port, rows: () => rows };
}

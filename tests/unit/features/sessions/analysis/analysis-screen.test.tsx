// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActiveSessionsStore } from '../../../../../src/features/sessions/shared/active-sessions-store';
import { createSharedReferenceStore } from '../../../../../src/features/sessions/shared/shared-reference-store';
import { AnalysisScreen } from '../../../../../src/features/sessions/analysis/analysis-screen';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { SessionsPortContext } from '../../../../../src/features/sessions/shared/sessions-port';
import { formatLapTime } from '../../../../../src/domain/value-format/lap-time';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { createFakePort, libraryRow } from '../shared/fake-sessions-port';
import { loadedSession } from '../shared/loaded-session';
import { analyseSession } from '../../../../../src/domain/analysis/analyse-session';
import type { LoadedSession } from '../../../../../src/features/sessions/shared/sessions-port';

/** The session as the device writes an In Lap it never closed: lap and sector times 0 (unknown). */
function withUnknownInLap(s: LoadedSession): LoadedSession {
  const last = s.laps.length - 1;
  const laps = s.laps.map((l, i) => (i === last ? { ...l, lapName: 'In Lap', timeMs: 0, sectorsMs: [0, 0, 0] as [number, number, number], valid: false } : l));
  return { ...s, laps, analysis: analyseSession(laps, s.positions, s.sessionIndex) };
}

vi.mock('../../../../../src/ui/toast', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

afterEach(cleanup);

/** The screen inside a router (its empty state links to the library). */
function inRouter(node: ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => node }), history: createMemoryHistory({ initialEntries: ['/sessions/analysis'] }) });
  return { router, element: <RouterProvider router={router} /> };
}

function renderAnalysis(
  selection: { left: { id: number; circuitId: number } | null; right: { id: number; circuitId: number } | null },
  locale: 'en-us' | 'pt-pt' = 'en-us',
  adjust: (s: LoadedSession) => LoadedSession = (s) => s,
) {
  const { port } = createFakePort([libraryRow({ id: 1 }), libraryRow({ id: 2 })]);
  port.loadSession.mockImplementation(async (id: number, index: number) => {
    const s = adjust(loadedSession(id, index));
    return id === 2 ? { ...s, positions: { ...s.positions, count: 0 }, skippedLines: 3 } : s;
  });
  const store = createActiveSessionsStore(undefined);
  store.set(selection);
  const onPickLap = vi.fn();
  const { element } = inRouter(
    <SessionsPortContext value={port}>
      <AnalysisScreen pickedLap={null} referenceLap={null} onPickLap={onPickLap} onReferenceLap={vi.fn()} store={store} withGraphics={false} />
    </SessionsPortContext>,
  );
  renderWithProviders(element, { locale, namespaces: { sessions: sessionsI18n } });
  return { port, onPickLap };
}

describe('lap viewer', () => {
  it("says There's no active session when none is selected, with the way on to the library", async () => {
    renderAnalysis({ left: null, right: null });
    const empty = await screen.findByTestId('no-active-session');
    expect(within(empty).getByText("There's no active session")).toBeTruthy();
    expect(within(empty).getByText('Open the library and tap a session to analyse it.')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Go to the library' }).getAttribute('href')).toBe('/sessions/library');
  });

  it("opens the session asked for by '?open=' (Analyse after a download or an import) and drops the request", async () => {
    const { port } = createFakePort([libraryRow({ id: 1 }), libraryRow({ id: 2, circuitId: 3 })]);
    port.loadSession.mockImplementation(async (id: number, index: number) => loadedSession(id, index));
    const store = createActiveSessionsStore(undefined);
    store.set({ left: { id: 1, circuitId: 1 }, right: null });
    const onOpened = vi.fn();
    const { element } = inRouter(
      <SessionsPortContext value={port}>
        <AnalysisScreen pickedLap={null} referenceLap={null} onPickLap={vi.fn()} onReferenceLap={vi.fn()} openSessionId={2} onOpened={onOpened} store={store} withGraphics={false} />
      </SessionsPortContext>,
    );
    renderWithProviders(element, { locale: 'pt-pt', namespaces: { sessions: sessionsI18n } });
    await waitFor(() => expect(onOpened).toHaveBeenCalled());
    expect(store.get()).toEqual({ left: { id: 2, circuitId: 3 }, right: null });
    await screen.findByTestId('lap-table-L');
  });

  it('shows the lap table with coloured sectors, best and optimal lap, and picks a lap on click', async () => {
    const { onPickLap } = renderAnalysis({ left: { id: 1, circuitId: 1 }, right: null });
    const table = await screen.findByTestId('lap-table-L');
    const expected = loadedSession(1, 0);
    expect(screen.getByTestId('best-lap-L').textContent).toBe(`${formatLapTime(expected.analysis.bestLapMs)} (${expected.analysis.bestLapNumber})`);
    expect(screen.getByTestId('optimal-lap-L').textContent).toBe(formatLapTime(expected.analysis.optimalLapMs));
    const performances = new Set(Array.from(table.querySelectorAll('[data-performance]')).map((e) => e.getAttribute('data-performance')));
    expect(performances.has('Best')).toBe(true);
    fireEvent.click(within(table).getByText('Lap 2'));
    expect(onPickLap).toHaveBeenCalledWith('L-2');
    expect(screen.getByTestId('corner-table').querySelectorAll('tbody tr').length).toBeGreaterThan(0);
  });

  it('compares two sessions side by side and warns when one is not fully updated', async () => {
    renderAnalysis({ left: { id: 1, circuitId: 1 }, right: { id: 2, circuitId: 1 } });
    await screen.findByTestId('lap-table-R');
    expect(screen.getByTestId('lap-table-L')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('not-fully-updated').textContent).toContain("The active session isn't fully updated!"));
    // Damaged lines the parsers skipped are said, for the session that had them only.
    expect(screen.getByTestId('skipped-lines-R').textContent).toBe("3 damaged lines of this session's files were skipped.");
    expect(screen.queryByTestId('skipped-lines-L')).toBeNull();
  });

  it('shows the unknown times of an In Lap as a dash, never 00:00.00, and says km/h on the speed columns', async () => {
    renderAnalysis({ left: { id: 1, circuitId: 1 }, right: null }, 'en-us', withUnknownInLap);
    const table = await screen.findByTestId('lap-table-L');
    const inLap = within(table).getByText('In Lap').closest('tr')!;
    const cells = Array.from(inLap.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells.slice(1, 5)).toEqual(['-', '-', '-', '-']);
    expect(table.textContent).not.toContain('00:00.00');
    const headers = Array.from(table.querySelectorAll('th')).map((th) => th.textContent);
    expect(headers.slice(-3)).toEqual(['Max (km/h)', 'Min (km/h)', 'Avg (km/h)']);
  });

  it('says km/h on the speed columns in European Portuguese too', async () => {
    renderAnalysis({ left: { id: 1, circuitId: 1 }, right: null }, 'pt-pt');
    const table = await screen.findByTestId('lap-table-L');
    const headers = Array.from(table.querySelectorAll('th')).map((th) => th.textContent);
    expect(headers.slice(-3)).toEqual(['Máx. (km/h)', 'Mín. (km/h)', 'Média (km/h)']);
  });

  it('speaks European Portuguese', async () => {
    renderAnalysis({ left: null, right: null }, 'pt-pt');
    const empty = await screen.findByTestId('no-active-session');
    expect(within(empty).getByText('Não há nenhuma sessão ativa')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Ir para a biblioteca' })).toBeTruthy();
  });

  it('writes decimals the pt-pt way (comma) in the figures and the corner table', async () => {
    renderAnalysis({ left: { id: 1, circuitId: 1 }, right: null }, 'pt-pt');
    await screen.findByTestId('lap-table-L');
    const sd = loadedSession(1, 0).analysis.consistency.stdDevMs / 1000;
    expect(screen.getByTestId('std-dev-L').textContent).toBe(`${sd.toFixed(2).replace('.', ',')} s`);
    const lost = Array.from(screen.getByTestId('corner-table').querySelectorAll('tbody tr td:last-child')).map((td) => td.textContent ?? '');
    expect(lost.length).toBeGreaterThan(0);
    for (const text of lost) expect(text).toMatch(/^(-|[+-]?\d+,\d{2} s)$/);
  });
});

describe("another racer's shared lap as the reference", () => {
  function renderShared(locale: 'en-us' | 'pt-pt', compare: { compare: string | null; circuitId: number | null }, beforeRender: (port: ReturnType<typeof createFakePort>['port']) => void = () => undefined) {
    const { port } = createFakePort([
      libraryRow({ id: 1, circuitId: 1, bestLapMs: 62_000 }),
      libraryRow({ id: 2, circuitId: 1, bestLapMs: 61_000 }),
      libraryRow({ id: 3, circuitId: 2, bestLapMs: 50_000 }),
    ]);
    port.loadSession.mockImplementation(async (id: number, index: number) => loadedSession(id, index));
    const shared = loadedSession(-55, 1, 55);
    const lap = shared.analysis.laps.find((l) => l.kind === 'racing')!;
    port.loadSharedLap.mockImplementation(async () => ({ ...shared, name: 'Rui C. · 2026-04-12', sharedBy: { ownerName: 'Rui C.', lapNumber: lap.lapNumber, lapTimeMs: lap.timeMs, date: '2026-04-12', vehicleCategory: null } }));
    const store = createActiveSessionsStore(undefined);
    if (compare.compare === null) store.set({ left: { id: 1, circuitId: 1 }, right: null });
    const sharedStore = createSharedReferenceStore(undefined);
    const onApplied = vi.fn();
    beforeRender(port);
    const { element } = inRouter(
      <SessionsPortContext value={port}>
        <AnalysisScreen pickedLap={null} referenceLap={null} onPickLap={vi.fn()} onReferenceLap={vi.fn()} store={store} sharedStore={sharedStore} compareRequest={compare} onCompareApplied={onApplied} withGraphics={false} />
      </SessionsPortContext>,
    );
    renderWithProviders(element, { locale, namespaces: { sessions: sessionsI18n } });
    return { port, store, sharedStore, onApplied, lap };
  }

  it("'Compare with my best' opens the racer's fastest session on that circuit against the lap, named 'vs Rui C.' by the coach", async () => {
    const { port, store, sharedStore, onApplied, lap } = renderShared('en-us', { compare: '55-4', circuitId: 1 });
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(store.get()).toEqual({ left: { id: 2, circuitId: 1 }, right: null });
    expect(sharedStore.get()).toEqual({ sessionId: 55, lapNumber: 4, circuitId: 1 });
    const badge = await screen.findByTestId('shared-reference');
    expect(badge.textContent).toContain(`Reference: Rui C. · ${formatLapTime(lap.timeMs)} · 2026-04-12`);
    expect(port.loadSharedLap).toHaveBeenCalledWith(55, 4, 1, expect.anything());
    expect((screen.getByTestId('reference-lap') as HTMLInputElement).value).toBe(`Rui C. · ${formatLapTime(lap.timeMs)}`);
    const coach = await screen.findByTestId('coach-panel');
    await waitFor(() => expect(coach.textContent).toMatch(/vs Rui C\. \(/));
    fireEvent.click(screen.getByTestId('shared-reference-remove'));
    expect(sharedStore.get()).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('shared-reference')).toBeNull());
  });

  it("lists the circuit's shared laps in 'Compare with...' (offline: those kept here) and takes the one picked, in Portuguese", async () => {
    const { port, sharedStore } = renderShared('pt-pt', { compare: null, circuitId: null }, (p) =>
      p.sharedLaps.mockResolvedValue({
        laps: [{ sessionId: 77, lapNumber: 2, lapTimeMs: 60_123, ownerName: 'Ana S.', vehicleCategoryId: null, vehicleCategory: null, date: '2026-05-01', kept: true }],
        offline: true,
      }),
    );
    fireEvent.click(await screen.findByTestId('shared-laps-open'));
    expect((await screen.findByTestId('shared-laps-offline')).textContent).toBe('Sem ligação: as voltas guardadas neste dispositivo.');
    const row = screen.getByTestId('shared-lap-row');
    expect(row.textContent).toContain('Ana S.');
    expect(row.textContent).toContain('01:00.12');
    expect(row.textContent).toContain('guardada');
    expect(port.sharedLaps).toHaveBeenCalledWith(1, null, expect.anything());
    fireEvent.click(screen.getByTestId('shared-lap-pick-77-2'));
    expect(sharedStore.get()).toEqual({ sessionId: 77, lapNumber: 2, circuitId: 1 });
    await waitFor(() => expect(port.loadSharedLap).toHaveBeenCalledWith(77, 2, 1, expect.anything()));
    expect((await screen.findByTestId('shared-reference')).textContent).toContain('Referência: Rui C.');
  });
});

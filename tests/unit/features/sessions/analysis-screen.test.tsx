// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActiveSessionsStore } from '../../../../src/features/sessions/active-sessions-store';
import { AnalysisScreen } from '../../../../src/features/sessions/analysis-screen';
import { sessionsI18n } from '../../../../src/features/sessions/i18n';
import { SessionsPortContext } from '../../../../src/features/sessions/sessions-port';
import { formatLapTime } from '../../../../src/domain/format/lap-time';
import { renderWithProviders } from '../../ui/render-with-providers';
import { createFakePort, libraryRow } from './fake-sessions-port';
import { loadedSession } from './loaded-session';
import { analyseSession } from '../../../../src/domain/analysis/analyse-session';
import type { LoadedSession } from '../../../../src/features/sessions/sessions-port';

/** The session as the device writes an In Lap it never closed: lap and sector times 0 (unknown). */
function withUnknownInLap(s: LoadedSession): LoadedSession {
  const last = s.laps.length - 1;
  const laps = s.laps.map((l, i) => (i === last ? { ...l, lapName: 'In Lap', timeMs: 0, sectorsMs: [0, 0, 0] as [number, number, number], valid: false } : l));
  return { ...s, laps, analysis: analyseSession(laps, s.positions, s.sessionIndex) };
}

vi.mock('../../../../src/ui/toast', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

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

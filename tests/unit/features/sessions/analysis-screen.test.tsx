// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActiveSessionsStore } from '../../../../src/features/sessions/active-sessions-store';
import { AnalysisScreen } from '../../../../src/features/sessions/analysis-screen';
import { sessionsI18n } from '../../../../src/features/sessions/i18n';
import { SessionsPortContext } from '../../../../src/features/sessions/sessions-port';
import { formatLapTime } from '../../../../src/domain/format/lap-time';
import { renderWithProviders } from '../../ui/render-with-providers';
import { createFakePort, libraryRow } from './fake-sessions-port';
import { loadedSession } from './loaded-session';

vi.mock('../../../../src/ui/toast', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

afterEach(cleanup);

function renderAnalysis(selection: { left: { id: number; circuitId: number } | null; right: { id: number; circuitId: number } | null }, locale: 'en-us' | 'pt-pt' = 'en-us') {
  const { port } = createFakePort([libraryRow({ id: 1 }), libraryRow({ id: 2 })]);
  port.loadSession.mockImplementation(async (id: number, index: number) => {
    const s = loadedSession(id, index);
    return id === 2 ? { ...s, positions: { ...s.positions, count: 0 }, skippedLines: 3 } : s;
  });
  const store = createActiveSessionsStore(undefined);
  store.set(selection);
  const onPickLap = vi.fn();
  renderWithProviders(
    <SessionsPortContext value={port}>
      <AnalysisScreen pickedLap={null} referenceLap={null} onPickLap={onPickLap} onReferenceLap={vi.fn()} store={store} withGraphics={false} />
    </SessionsPortContext>,
    { locale, namespaces: { sessions: sessionsI18n } },
  );
  return { port, onPickLap };
}

describe('lap viewer', () => {
  it("says There's no active session when none is selected", () => {
    renderAnalysis({ left: null, right: null });
    expect(screen.getByTestId('no-active-session').textContent).toBe("There's no active session");
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

  it('speaks European Portuguese', async () => {
    renderAnalysis({ left: null, right: null }, 'pt-pt');
    expect(screen.getByTestId('no-active-session').textContent).toBe('Não há nenhuma sessão ativa');
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

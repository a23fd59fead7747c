// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActiveSessionsStore } from '../../../../../src/features/sessions/shared/active-sessions-store';
import { createSharedReferenceStore } from '../../../../../src/features/sessions/shared/shared-reference-store';
import { AnalysisScreen } from '../../../../../src/features/sessions/analysis/analysis-screen';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { SessionsPortContext, TeamSessionUnavailable } from '../../../../../src/features/sessions/shared/sessions-port';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { createFakePort, libraryRow } from '../shared/fake-sessions-port';
import { loadedSession } from '../shared/loaded-session';

vi.mock('../../../../../src/ui/toast', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
afterEach(cleanup);

/** The lap viewer with '?team=42', the racer's own session 1 active, a shared reference lap chosen. */
function renderTeam(locale: 'en-us' | 'pt-pt', load: () => Promise<ReturnType<typeof loadedSession>>) {
  const { port } = createFakePort([libraryRow({ id: 1, circuitId: 1 })]);
  port.loadSession.mockImplementation(async (id: number, index: number) => loadedSession(id, index));
  port.loadTeamSession.mockImplementation(load);
  const store = createActiveSessionsStore(undefined);
  store.set({ left: { id: 1, circuitId: 1 }, right: null });
  const sharedStore = createSharedReferenceStore(undefined);
  sharedStore.set({ sessionId: 55, lapNumber: 4, circuitId: 1 });
  const onDrawSectors = vi.fn();
  const node = (
    <SessionsPortContext value={port}>
      <AnalysisScreen pickedLap={null} referenceLap={null} onPickLap={vi.fn()} onReferenceLap={vi.fn()} store={store} sharedStore={sharedStore} withGraphics={false} teamSessionId={42} onDrawSectors={onDrawSectors} />
    </SessionsPortContext>
  );
  const router = createRouter({ routeTree: createRootRoute({ component: () => node }), history: createMemoryHistory({ initialEntries: ['/sessions/analysis?team=42'] }) });
  renderWithProviders(<RouterProvider router={router} />, { locale, namespaces: { sessions: sessionsI18n } });
  return { port, store };
}

describe("a team-mate's session in the lap viewer", () => {
  it('shows its laps and the coach read-only with its owner named, leaving the racer’s own selection as it was', async () => {
    const { port, store } = renderTeam('en-us', async () => ({ ...loadedSession(-42, 0, 7), name: 'Braga Ana', teamOwner: 'Ana E.' }));
    const banner = await screen.findByTestId('team-session-banner');
    expect(banner.textContent).toContain('Ana E. · Braga Ana');
    expect(banner.textContent).toContain('Shared with your team: read-only.');
    expect(within(banner).getByRole('link', { name: 'Back to the Team view' }).getAttribute('href')).toBe('/teams');
    expect(screen.getByTestId('lap-table-L')).toBeTruthy();
    await screen.findByTestId('coach-panel');
    expect(port.loadTeamSession).toHaveBeenCalledWith(42, expect.anything());
    // Nothing of the racer's own is loaded, and nothing to change is offered: no video, no other racer's lap, no gates.
    expect(port.loadSession).not.toHaveBeenCalled();
    expect(port.loadSharedLap).not.toHaveBeenCalled();
    expect(screen.queryByTestId('video-add')).toBeNull();
    expect(screen.queryByTestId('shared-laps-open')).toBeNull();
    expect(screen.queryByTestId('draw-sectors-L')).toBeNull();
    expect(store.get()).toEqual({ left: { id: 1, circuitId: 1 }, right: null });
  });

  it('says why when it is not shared with the racer any more, in Portuguese, with the way back', async () => {
    renderTeam('pt-pt', async () => {
      throw new TeamSessionUnavailable('gone');
    });
    const message = await screen.findByTestId('team-session-unavailable');
    expect(message.textContent).toContain('Esta sessão já não está partilhada consigo');
    expect(message.textContent).toContain('O dono tornou-a privada, ou já não está numa equipa com ele.');
    expect(within(message).getByRole('link', { name: 'Voltar à vista Equipas' })).toBeTruthy();
    expect(screen.queryByTestId('lap-table-L')).toBeNull();
  });

  it('offline: says it needs a connection', async () => {
    renderTeam('en-us', async () => {
      throw new TeamSessionUnavailable('offline');
    });
    await waitFor(() => expect(screen.getByTestId('team-session-unavailable').textContent).toContain('No connection'));
  });
});

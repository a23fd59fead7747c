// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackMapProps } from '../../../../../src/ui/map/types';
import { createActiveSessionsStore } from '../../../../../src/features/sessions/shared/active-sessions-store';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { MapScreen } from '../../../../../src/features/sessions/map/map-screen';
import { SessionsPortContext } from '../../../../../src/features/sessions/shared/sessions-port';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { createFakePort, libraryRow } from '../shared/fake-sessions-port';
import { loadedSession } from '../shared/loaded-session';

const toast = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../../../src/ui/toast', () => toast);

/** The OpenLayers map is replaced by a probe that shows what the screen asks it to draw. */
const mapProps = vi.hoisted(() => ({ last: null as TrackMapProps | null }));
vi.mock('../../../../../src/ui/map/lazy-track-map', () => ({
  LazyTrackMap: (props: TrackMapProps) => {
    mapProps.last = props;
    return <div data-testid="map-probe" data-traces={props.traces.length} data-mode={props.gateMode} data-gates={props.gates.length} />;
  },
}));

afterEach(cleanup);

function renderMap(selection: Parameters<ReturnType<typeof createActiveSessionsStore>['set']>[0], pickedLap: string | null = null) {
  const { port } = createFakePort([libraryRow({ id: 1 }), libraryRow({ id: 2 })]);
  port.loadSession.mockImplementation(async (id: number, index: number) => loadedSession(id, index));
  port.saveGates.mockImplementation(async () => ({ laps: 7 }));
  const store = createActiveSessionsStore(undefined);
  store.set(selection);
  const onPickLap = vi.fn();
  renderWithProviders(
    <SessionsPortContext value={port}>
      <MapScreen pickedLap={pickedLap} onPickLap={onPickLap} store={store} />
    </SessionsPortContext>,
    { namespaces: { sessions: sessionsI18n } },
  );
  return { port, onPickLap };
}

describe('sessions map', () => {
  it('says There are no active sessions when none is selected, with the way on to the library', async () => {
    const { port } = createFakePort([libraryRow({ id: 1 })]);
    const store = createActiveSessionsStore(undefined);
    // The empty state links to the library: the screen sits in a router here.
    const screenInRouter = (
      <SessionsPortContext value={port}>
        <MapScreen pickedLap={null} onPickLap={vi.fn()} store={store} />
      </SessionsPortContext>
    );
    const router = createRouter({ routeTree: createRootRoute({ component: () => screenInRouter }), history: createMemoryHistory({ initialEntries: ['/sessions/map'] }) });
    renderWithProviders(<RouterProvider router={router} />, { namespaces: { sessions: sessionsI18n } });
    const empty = await screen.findByTestId('no-active-session');
    expect(within(empty).getByText('There are no active sessions')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Go to the library' }).getAttribute('href')).toBe('/sessions/library');
  });

  it('draws the laps of both sessions, hides a lap and splits laps into sectors with sector vision', async () => {
    renderMap({ left: { id: 1, circuitId: 1 }, right: { id: 2, circuitId: 1 } });
    const probe = await screen.findByTestId('map-probe');
    const laps = Number(probe.getAttribute('data-traces'));
    expect(laps).toBeGreaterThan(6);
    expect(mapProps.last!.traces.some((t) => t.id.startsWith('R-'))).toBe(true);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Lap 1' })[0]);
    expect(Number(screen.getByTestId('map-probe').getAttribute('data-traces'))).toBe(laps - 1);
    fireEvent.click(screen.getByRole('switch', { name: 'Sector vision' }));
    expect(Number(screen.getByTestId('map-probe').getAttribute('data-traces'))).toBe((laps - 1) * 3);
    fireEvent.click(screen.getByRole('switch', { name: 'Min/max speed' }));
    expect(mapProps.last!.markers!.length).toBe((laps - 1) * 2);
    // Min/max labels carry their unit.
    for (const m of mapProps.last!.markers!) expect(m.label).toMatch(/^(Min|Max) \d+\.\d km\/h$/);
    // Without tiles the map draws the circuit from the session's fastest lap.
    const outline = mapProps.last!.outline!;
    expect((outline.to ?? 0) - (outline.from ?? 0)).toBeGreaterThan(10);
  });

  it('toggles draw and edit, and saving drawn gates re-times the session', async () => {
    const { port } = renderMap({ left: { id: 1, circuitId: 1 }, right: null });
    await screen.findByTestId('map-probe');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Draw' }));
    expect(screen.getByTestId('map-probe').getAttribute('data-mode')).toBe('draw');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Edit' }));
    expect(screen.getByTestId('map-probe').getAttribute('data-mode')).toBe('edit');
    const gates = [
      { lat: 41.5, lon: -8.6 },
      { lat: 41.501, lon: -8.601 },
    ];
    act(() => mapProps.last!.onGatesChange!(gates));
    expect(screen.getByTestId('map-probe').getAttribute('data-gates')).toBe('2');
    fireEvent.click(screen.getByTestId('save-gates'));
    await waitFor(() => expect(port.saveGates).toHaveBeenCalledWith(1, gates, 15));
    await waitFor(() => expect(toast.notifySuccess).toHaveBeenCalledWith('Gates saved: 7 laps re-timed'));
    // The session reloads with its re-timed laps; the editor is back to viewing.
    expect((await screen.findByTestId('map-probe')).getAttribute('data-mode')).toBe('view');
    expect(screen.getByTestId('save-gates').hasAttribute('disabled')).toBe(true);
  });

  it('says why a Draw click adds nothing once 3 gates are placed, and names the two reset buttons apart', async () => {
    renderMap({ left: { id: 1, circuitId: 1 }, right: null });
    await screen.findByTestId('map-probe');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Draw' }));
    // The session's circuit has one gate: the next click places S1.
    expect(screen.getByTestId('gate-hint').textContent).toBe('Click the map to place the S1 gate.');
    act(() => mapProps.last!.onGatesChange!([{ lat: 41.5, lon: -8.6 }, { lat: 41.501, lon: -8.601 }, { lat: 41.502, lon: -8.602 }]));
    expect(screen.getByTestId('gate-hint').textContent).toBe('All 3 gates are placed: a click adds none. Drag them with Toggle Edit, or Clear gates to draw them again.');
    expect(screen.queryAllByRole('button', { name: 'Reset gates' })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear gates' }));
    expect(screen.getByTestId('map-probe').getAttribute('data-gates')).toBe('0');
    expect(screen.getByTestId('gate-hint').textContent).toBe('Click the map to place the S/F gate.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByTestId('map-probe').getAttribute('data-gates')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Draw' }));
    expect(screen.queryByTestId('gate-hint')).toBeNull();
  });

  it('keeps every gate button in the toolbar whatever the mode, so turning Draw on does not move the map', async () => {
    renderMap({ left: { id: 1, circuitId: 1 }, right: null });
    await screen.findByTestId('map-probe');
    const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);
    // Three gates being edited: every button that applies to any mode is on screen.
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Edit' }));
    act(() => mapProps.last!.onGatesChange!([{ lat: 41.5, lon: -8.6 }, { lat: 41.501, lon: -8.601 }, { lat: 41.502, lon: -8.602 }]));
    const before = buttons();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Draw' }));
    expect(buttons()).toEqual(before);
  });

  it('picks a lap from its chip', async () => {
    const { onPickLap } = renderMap({ left: { id: 1, circuitId: 1 }, right: null });
    await screen.findByTestId('map-probe');
    fireEvent.click(screen.getAllByText('3')[0]);
    expect(onPickLap).toHaveBeenCalledWith('L-3');
  });
});

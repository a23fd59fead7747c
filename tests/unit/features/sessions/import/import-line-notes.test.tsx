// @vitest-environment happy-dom
/**
 * What an import line says beyond the lap count: a file's own gates that fell back, the logger's own laps beside
 * ours, where a proposed start/finish came from; and a proposed start/finish confirmed in one tap, alone or for a
 * whole batch (files of one track saved as one circuit).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appI18n } from '../../../../../src/app/i18n/app-i18n';
import type { Country, CircuitType } from '../../../../../src/contracts/entities';
import { createActiveSessionsStore } from '../../../../../src/features/sessions/shared/active-sessions-store';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { LibraryScreen } from '../../../../../src/features/sessions/library/library-screen';
import { SessionsPortContext, type ImportResult, type SessionsPort } from '../../../../../src/features/sessions/shared/sessions-port';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { ApiError } from '../../../../../src/data/api/api-error';
import { createFakePort, libraryRow } from '../shared/fake-sessions-port';

vi.mock('../../../../../src/ui/toast', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));

function renderLibrary(port: SessionsPort, locale: 'en-us' | 'pt-pt' = 'en-us') {
  const rootRoute = createRootRoute({
    component: () => (
      <SessionsPortContext value={port}>
        <LibraryScreen store={createActiveSessionsStore(undefined)} />
      </SessionsPortContext>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithProviders(<RouterProvider router={router} />, { locale, namespaces: { sessions: sessionsI18n, app: appI18n } });
}

async function pick(names: string[]) {
  await screen.findByTestId('session-import');
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((n) => new File(['x'], n)) } });
}

const imported = (over: Partial<ImportResult>): ImportResult => ({ id: 9, name: 'S', laps: 5, circuitFound: true, alreadyStored: false, ...over });
const trace = new Float64Array([40.1, -8.4, 40.1001, -8.4001]);
const proposal = (lat: number, from: 'logger' | 'trace') => ({ lat, lon: -8.4, headingDeg: 90, widthM: 20, trace, timeZone: 'Europe/Lisbon', from });

const stamps = { createdAt: '2026-01-01', updatedAt: '2026-01-01' };
const portugal: Country = { id: 5, name: 'Portugal', timezone: 'Europe/Lisbon', ...stamps };
const kart: CircuitType = { id: 3, name: 'Kart', ...stamps };

/** The fake port, typed as the port (its mocks then take the port's parameters). */
const fakePort = (): SessionsPort => createFakePort([libraryRow({ id: 1 })]).port;

afterEach(cleanup);

describe('an import line', () => {
  it("says when the file's own gates were crossed by no lap and what timed the laps instead, in both languages", async () => {
    for (const [locale, expected] of [
      ['en-us', "The file's own timing gates are crossed by no lap: its laps were timed at the circuit's gates instead."],
      ['pt-pt', 'As linhas de cronometragem do próprio ficheiro não são cruzadas por nenhuma volta: as voltas foram cronometradas nas linhas do circuito.'],
    ] as const) {
      const port = fakePort();
      vi.mocked(port.importFile)
        .mockResolvedValueOnce(imported({ id: 9, lapSource: 'circuit', fileGatesIgnored: true }))
        .mockResolvedValueOnce(imported({ id: 10, lapSource: 'file-gates', fileGatesIgnored: false }));
      renderLibrary(port, locale);
      await pick(['racechrono.vbo', 'racebox.vbo']);
      await waitFor(() => expect(screen.getAllByTestId('import-line').filter((l) => l.getAttribute('data-state') === 'imported')).toHaveLength(2), { timeout: 10_000 });
      const notes = screen.getAllByTestId('import-line-gates-fell-back');
      // Only the file whose gates fell back says so.
      expect(notes).toHaveLength(1);
      expect(notes[0].textContent).toBe(expected);
      cleanup();
    }
  }, 60_000);

  it("shows the logger's own laps beside ours: how many, and how far ours are from them at most", async () => {
    for (const [locale, expected] of [
      ['en-us', ['Logger: 14 laps, ours within 0.012 s of them on the start/finish line', 'Logger: 9 laps, 7 timed by us too, within 0.953 s', 'Logger: 1 lap (no line of ours to compare it with)']],
      ['pt-pt', ['Logger: 14 voltas, as nossas a menos de 0,012 s delas na linha de partida/chegada', 'Logger: 9 voltas, 7 também cronometradas por nós, a menos de 0,953 s', 'Logger: 1 volta (sem linha nossa com que a comparar)']],
    ] as const) {
      const port = fakePort();
      vi.mocked(port.importFile)
        .mockResolvedValueOnce(imported({ id: 9, loggerLaps: { count: 14, matched: 14, maxAbsDiffMs: 12 } }))
        .mockResolvedValueOnce(imported({ id: 10, loggerLaps: { count: 9, matched: 7, maxAbsDiffMs: 953 } }))
        .mockResolvedValueOnce(imported({ id: 11, loggerLaps: { count: 1, matched: 0, maxAbsDiffMs: 0 } }))
        .mockResolvedValueOnce(imported({ id: 12, loggerLaps: null }));
      renderLibrary(port, locale);
      await pick(['a.xrk', 'b.csv', 'c.csv', 'd.gpx']);
      await waitFor(() => expect(screen.getAllByTestId('import-line-logger')).toHaveLength(3), { timeout: 10_000 });
      expect(screen.getAllByTestId('import-line-logger').map((n) => n.textContent)).toEqual(expected);
      cleanup();
    }
  }, 60_000);

  it('says where a proposed start/finish came from, and saves it in one tap with the defaults the map dialog offers', async () => {
    const port = fakePort();
    port.useCountries = () => [portugal];
    port.useCircuitTypes = () => [kart];
    vi.mocked(port.importFile).mockResolvedValueOnce(imported({ id: 9, circuitFound: false, lapSource: 'logger-line', proposal: proposal(40.1, 'logger') }));
    renderLibrary(port);
    await pick(['club_track_3.csv']);
    const line = await screen.findByTestId('import-line-proposal', {}, { timeout: 10_000 });
    expect(line.textContent).toBe("No known circuit near: laps timed at the start/finish the logger's own laps place. Confirm it, or move it on the map.");
    fireEvent.click(screen.getByTestId('import-line-start-finish-9'));
    await waitFor(() => expect(port.saveStartFinish).toHaveBeenCalledTimes(1));
    expect(vi.mocked(port.saveStartFinish).mock.calls[0][2]).toEqual({ name: 'club track 3', countryId: 5, typeId: 3, gate: { lat: 40.1, lon: -8.4 }, widthM: 20 });
    expect(await screen.findByText('Saved your circuit Club track: the session has 4 laps')).toBeTruthy();
    // No dialog was needed, and nothing is left to confirm.
    expect(screen.queryByTestId('start-finish-dialog')).toBeNull();
    expect(screen.queryByTestId('import-line-proposal')).toBeNull();
  });

  it('confirms every proposal of a batch in one tap, files of one track with one circuit', async () => {
    const port = fakePort();
    port.useCountries = () => [portugal];
    port.useCircuitTypes = () => [kart];
    vi.mocked(port.saveStartFinish)
      .mockResolvedValueOnce({ laps: 4, circuitName: 'Club A', circuitId: 901 })
      .mockResolvedValueOnce({ laps: 6, circuitName: 'Club A', circuitId: 901 })
      .mockResolvedValueOnce({ laps: 5, circuitName: 'Club B', circuitId: 902 });
    vi.mocked(port.importFile)
      .mockResolvedValueOnce(imported({ id: 9, circuitFound: false, proposal: proposal(40.1, 'trace') }))
      // 55 m from the first: the same line found again in another session of that track.
      .mockResolvedValueOnce(imported({ id: 10, circuitFound: false, proposal: proposal(40.1005, 'logger') }))
      // 11 km away: another track.
      .mockResolvedValueOnce(imported({ id: 11, circuitFound: false, proposal: proposal(40.2, 'trace') }));
    renderLibrary(port, 'pt-pt');
    await pick(['club-a-1.gpx', 'club-a-2.csv', 'club-b.gpx']);
    const all = await screen.findByTestId('import-confirm-all', {}, { timeout: 10_000 });
    expect(all.textContent).toBe('Confirmar as 3 linhas de partida/chegada');
    fireEvent.click(all);
    await waitFor(() => expect(port.saveStartFinish).toHaveBeenCalledTimes(3));
    const calls = vi.mocked(port.saveStartFinish).mock.calls;
    expect(calls.map((c) => c[0])).toEqual([9, 10, 11]);
    expect(calls[0][2]).toMatchObject({ name: 'club-a-1', countryId: 5 });
    expect(calls[1][2]).toEqual({ circuitId: 901 });
    expect(calls[2][2]).toMatchObject({ name: 'club-b', gate: { lat: 40.2, lon: -8.4 } });
    await waitFor(() => expect(screen.queryByTestId('import-confirm-all')).toBeNull());
    const lines = screen.getAllByTestId('import-line');
    expect(within(lines[1]).getByText('O seu circuito Club A foi guardado: a sessão tem 6 voltas')).toBeTruthy();
  });

  it('opens the map instead when no country is known for a track, so nothing is saved under a wrong one; the rest of the batch is saved', async () => {
    const port = fakePort();
    port.useCountries = () => [portugal];
    port.useCircuitTypes = () => [kart];
    vi.mocked(port.importFile)
      .mockResolvedValueOnce(imported({ id: 9, circuitFound: false, proposal: { ...proposal(51.5, 'trace'), timeZone: 'Europe/London' } }))
      .mockResolvedValueOnce(imported({ id: 10, circuitFound: false, proposal: proposal(40.1, 'trace') }));
    renderLibrary(port);
    await pick(['uk.gpx', 'club.gpx']);
    fireEvent.click(await screen.findByTestId('import-confirm-all', {}, { timeout: 10_000 }));
    expect(await screen.findByTestId('start-finish-dialog', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(port.saveStartFinish).toHaveBeenCalledTimes(1));
    expect(vi.mocked(port.saveStartFinish).mock.calls[0][0]).toBe(10);
  });

  it('opens the map for a file whose name is a circuit of that country already, to name it there', async () => {
    const port = fakePort();
    port.useCountries = () => [portugal];
    port.useCircuitTypes = () => [kart];
    vi.mocked(port.saveStartFinish).mockRejectedValueOnce(new ApiError('CONFLICT', 'A circuit with this name exists in this country.', 409));
    vi.mocked(port.importFile).mockResolvedValueOnce(imported({ id: 9, circuitFound: false, proposal: proposal(40.1, 'trace') }));
    renderLibrary(port);
    await pick(['club.gpx']);
    fireEvent.click(await screen.findByTestId('import-line-start-finish-9', {}, { timeout: 10_000 }));
    expect(await screen.findByTestId('start-finish-dialog', {}, { timeout: 10_000 })).toBeTruthy();
    expect(port.saveStartFinish).toHaveBeenCalledTimes(1);
  });
});

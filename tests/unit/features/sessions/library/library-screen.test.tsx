// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appI18n } from '../../../../../src/app/i18n/app-i18n';
import { ApiError } from '../../../../../src/data/api/api-error';
import { StorageError } from '../../../../../src/data/storage/storage-error';
import { ImportError } from '../../../../../src/domain/file-formats/import-errors';
import { createActiveSessionsStore } from '../../../../../src/features/sessions/shared/active-sessions-store';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { LibraryScreen } from '../../../../../src/features/sessions/library/library-screen';
import { SessionsPortContext, type SessionsPort } from '../../../../../src/features/sessions/shared/sessions-port';
import { circuitTimeText } from '../../../../../src/ui/circuit-time';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { circuit, createFakePort, libraryRow } from '../shared/fake-sessions-port';

const toast = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../../../src/ui/toast', () => toast);

let router: { state: { location: { pathname: string; href: string } }; navigate: (options: { to: string }) => Promise<void> };

function renderLibrary(port: SessionsPort, locale: 'en-us' | 'pt-pt' = 'en-us') {
  const store = createActiveSessionsStore(undefined);
  const rootRoute = createRootRoute({
    component: () => (
      <SessionsPortContext value={port}>
        <LibraryScreen store={store} />
      </SessionsPortContext>
    ),
  });
  const created = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  router = created as unknown as typeof router;
  renderWithProviders(<RouterProvider router={created} />, { locale, namespaces: { sessions: sessionsI18n, app: appI18n } });
  return store;
}

const rowsOf = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row-key'));
const rowNamed = (name: string) => rowsOf().find((r) => within(r).queryByText(name))!;

beforeEach(() => {
  sessionStorage.clear();
  toast.notifyError.mockClear();
  toast.notifySuccess.mockClear();
});
afterEach(cleanup);

describe('sessions library', () => {
  it('lists the sessions with favorites first and the circuit and category names', async () => {
    const { port } = createFakePort([
      libraryRow({ id: 1, name: 'Braga A' }),
      libraryRow({ id: 2, name: 'Braga B', favorite: true, vehicleCategoryName: 'Rotax Max' }),
      libraryRow({ id: 3, name: 'Portimão', circuitId: 2, circuitName: 'Portimão' }),
    ]);
    renderLibrary(port);
    await screen.findByText('Braga B');
    expect(within(rowsOf()[0]).getByText('Braga B')).toBeTruthy();
    expect(within(rowsOf()[0]).getByText('Rotax Max')).toBeTruthy();
    expect(screen.getByText('Sessions library')).toBeTruthy();
    expect(port.refreshFromServer).toHaveBeenCalled();
  });

  it("shows each session's date on its circuit's clock, like its name, and on this device's clock without a zone", async () => {
    const rustavi = { ...circuit(2, 'Rustavi'), country: { id: 2, name: 'Georgia', timezone: 'Asia/Tbilisi' } };
    const { port } = createFakePort(
      [
        libraryRow({ id: 1, name: 'Rustavi 17/01/2026 10H31', circuitId: 2, circuitName: 'Rustavi', date: '2026-01-17T06:31:00.000Z' }),
        libraryRow({ id: 2, name: 'Braga 18/01/2026 09H00', circuitId: 1, circuitName: 'Braga', date: '2026-01-18T09:00:00.000Z' }),
      ],
      [circuit(1, 'Braga'), rustavi],
    );
    renderLibrary(port, 'pt-pt');
    await screen.findByText('Rustavi 17/01/2026 10H31');
    // Written like the name's date and time: one format for both.
    expect(within(rowNamed('Rustavi 17/01/2026 10H31')).getByText('17/01/2026 10H31')).toBeTruthy();
    // Said where it is shown: the circuit's local time.
    expect(within(rowNamed('Rustavi 17/01/2026 10H31')).getByText('17/01/2026 10H31').getAttribute('aria-label')).toBe('17/01/2026 10H31 (Hora local em Rustavi)');
    expect(within(rowNamed('Braga 18/01/2026 09H00')).getByText(circuitTimeText('2026-01-18T09:00:00.000Z', null))).toBeTruthy();
  });

  it('shows a session near no circuit on the clock of its own track, like its name, not on this device’s', async () => {
    const { port } = createFakePort([
      libraryRow({ id: 1, name: 'sskc-mychron 19/06/2022 15H42', circuitId: null, circuitName: '', date: '2022-06-19T21:42:05.000Z', timeZone: 'America/Regina' }),
    ]);
    renderLibrary(port, 'pt-pt');
    await screen.findByText('sskc-mychron 19/06/2022 15H42');
    expect(within(rowNamed('sskc-mychron 19/06/2022 15H42')).getByText('19/06/2022 15H42')).toBeTruthy();
  });

  it("filters and sorts by the day and time on the track's clock, not the UTC day", async () => {
    const rustavi = { ...circuit(2, 'Rustavi'), country: { id: 2, name: 'Georgia', timezone: 'Asia/Tbilisi' } };
    const lisbon = { ...circuit(1, 'Braga'), country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' } };
    const { port } = createFakePort(
      [
        // 02:30 on 18 January in Tbilisi is still 17 January in UTC.
        libraryRow({ id: 1, name: 'Rustavi 18/01/2026 02H30', circuitId: 2, circuitName: 'Rustavi', date: '2026-01-17T22:30:00.000Z' }),
        libraryRow({ id: 2, name: 'Braga 17/01/2026 10H00', circuitId: 1, circuitName: 'Braga', date: '2026-01-17T10:00:00.000Z' }),
      ],
      [lisbon, rustavi],
    );
    renderLibrary(port, 'pt-pt');
    await screen.findByText('Rustavi 18/01/2026 02H30');
    const day = document.querySelector('thead input[type="date"]') as HTMLInputElement;
    fireEvent.change(day, { target: { value: '2026-01-18' } });
    await waitFor(() => expect(rowsOf().map((r) => within(r).queryByText(/^[A-Za-z]+ .*H\d\d$/)?.textContent)).toEqual(['Rustavi 18/01/2026 02H30']));
  });

  it('toasts a failed refresh from the server but not being offline, and keeps the local rows either way', async () => {
    const refused = createFakePort([libraryRow({ id: 1, name: 'Braga A' })]);
    vi.mocked(refused.port.refreshFromServer).mockRejectedValueOnce(new ApiError('INTERNAL', 'Internal Server Error', 500));
    renderLibrary(refused.port);
    await screen.findByText('Braga A');
    await waitFor(() => expect(toast.notifyError).toHaveBeenCalledWith('Internal Server Error'));
    cleanup();
    toast.notifyError.mockClear();
    const offline = createFakePort([libraryRow({ id: 1, name: 'Braga A' })]);
    vi.mocked(offline.port.refreshFromServer).mockRejectedValueOnce(new ApiError('NETWORK', 'Network error'));
    renderLibrary(offline.port);
    await screen.findByText('Braga A');
    await act(async () => undefined);
    expect(toast.notifyError).not.toHaveBeenCalled();
  });

  it('applies the comparison rules: left then right, a third ignored, another circuit refused, right promoted', async () => {
    const { port } = createFakePort([
      libraryRow({ id: 1, name: 'A' }),
      libraryRow({ id: 2, name: 'B' }),
      libraryRow({ id: 3, name: 'C' }),
      libraryRow({ id: 4, name: 'Other', circuitId: 2, circuitName: 'Portimão' }),
    ]);
    const store = renderLibrary(port);
    await screen.findByText('A');
    fireEvent.click(screen.getByTestId('activate-1'));
    fireEvent.click(screen.getByTestId('activate-4'));
    expect(toast.notifyError).toHaveBeenCalledWith('You can only select sessions from the same circuit');
    expect(store.get()).toEqual({ left: { id: 1, circuitId: 1 }, right: null });
    fireEvent.click(screen.getByTestId('activate-2'));
    fireEvent.click(screen.getByTestId('activate-3'));
    expect(store.get()).toEqual({ left: { id: 1, circuitId: 1 }, right: { id: 2, circuitId: 1 } });
    // The third pick is not silently dropped: the racer learns why.
    expect(toast.notifyError).toHaveBeenLastCalledWith('At most 2 sessions can be compared: deactivate one first.');
    expect(screen.getByTestId('slot-left').textContent).toContain('A');
    expect(screen.getByTestId('slot-right').textContent).toContain('B');
    fireEvent.click(screen.getByTestId('activate-1'));
    expect(store.get()).toEqual({ left: { id: 2, circuitId: 1 }, right: null });
    expect(rowNamed('B').getAttribute('data-active')).toBe('left');
  });

  it('edits a session in the Edit Session dialog with a partial update and shows Session updated', async () => {
    const { port, rows } = createFakePort([libraryRow({ id: 1, name: 'Old name' })], [circuit(1, 'Braga')]);
    renderLibrary(port);
    await screen.findByText('Old name');
    fireEvent.click(within(rowNamed('Old name')).getByRole('button', { name: 'Edit' }));
    await screen.findByText('Edit Session');
    const nameInput = screen.getByLabelText(/^Name/) as HTMLInputElement;
    expect(nameInput.value).toBe('Old name');
    fireEvent.change(nameInput, { target: { value: 'New name' } });
    fireEvent.click(screen.getByTestId('session-edit-save'));
    await waitFor(() => expect(port.editSession).toHaveBeenCalledWith(1, { name: 'New name' }));
    expect(toast.notifySuccess).toHaveBeenCalledWith('Session updated');
    expect(rows()[0].name).toBe('New name');
    await screen.findByText('New name');
  });

  it('chooses who sees a session in the Edit Session dialog, saying what each choice means, in both languages', async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'Shared one', visibility: 'team' }), libraryRow({ id: 2, name: 'Mine' })]);
    renderLibrary(port, 'pt-pt');
    await screen.findByText('Shared one');
    expect(within(rowNamed('Shared one')).getByTestId('visibility-1').textContent).toBe('Equipa');
    expect(within(rowNamed('Mine')).queryByTestId('visibility-2')).toBeNull();
    fireEvent.click(within(rowNamed('Mine')).getByRole('button', { name: 'Editar' }));
    await screen.findByText('Editar sessão');
    expect(screen.getByTestId('session-visibility-hint').textContent).toBe('Aplica-se a predefinição do seu perfil para sessões novas até escolher.');
    fireEvent.click(screen.getByRole('radio', { name: 'Todos' }));
    expect(screen.getByTestId('session-visibility-hint').textContent).toContain('uma volta de cada vez');
    fireEvent.click(screen.getByTestId('session-edit-save'));
    await waitFor(() => expect(port.editSession).toHaveBeenCalledWith(2, { visibility: 'public' }));
  });

  it('toggles the favorite flag through the port', async () => {
    const { port, rows } = createFakePort([libraryRow({ id: 5, name: 'Fav me' })]);
    renderLibrary(port);
    await screen.findByText('Fav me');
    fireEvent.click(screen.getByTestId('favorite-5'));
    await waitFor(() => expect(rows()[0].favorite).toBe(true));
    expect(port.editSession).toHaveBeenCalledWith(5, { favorite: true });
  });

  it('deletes after confirmation and deselects the deleted session', async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'Keep' }), libraryRow({ id: 2, name: 'Remove me' })]);
    const store = renderLibrary(port);
    await screen.findByText('Remove me');
    fireEvent.click(screen.getByTestId('activate-1'));
    fireEvent.click(screen.getByTestId('activate-2'));
    fireEvent.click(within(rowNamed('Remove me')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Do you want to delete Remove me?');
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-delete'));
    });
    await waitFor(() => expect(port.deleteSession).toHaveBeenCalledWith(2));
    expect(store.get()).toEqual({ left: { id: 1, circuitId: 1 }, right: null });
    await waitFor(() => expect(screen.queryByText('Remove me')).toBeNull());
  });

  it('retries a failed upload from a real button that a keyboard reaches, named in both languages', async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'Done' }), libraryRow({ id: 2, name: 'Broken', syncState: 'Failed', lastError: { text: 'HTTP 500' } })]);
    renderLibrary(port);
    const retry = await screen.findByRole('button', { name: 'Failed: retry the upload' });
    expect(retry.tagName).toBe('BUTTON');
    expect(retry.getAttribute('type')).toBe('button');
    expect(retry.textContent).toBe('Failed');
    // Only the failed row offers a retry; the others are plain badges.
    expect(screen.getAllByRole('button', { name: /retry the upload/ })).toHaveLength(1);
    retry.focus();
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    await waitFor(() => expect(port.retrySync).toHaveBeenCalledWith(2));
    cleanup();
    renderLibrary(createFakePort([libraryRow({ id: 2, name: 'Broken', syncState: 'Failed' })]).port, 'pt-pt');
    expect(await screen.findByRole('button', { name: 'Falhou: tentar enviar de novo' })).toBeTruthy();
  });

  it("names why a file could not be imported, and a full disk, in the user's language", async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
    vi.mocked(port.importFile)
      .mockRejectedValueOnce(new ImportError('no-fixes', 'No usable fix in the file.'))
      .mockRejectedValueOnce(new StorageError('QUOTA_EXCEEDED', 'Not enough storage space to save the session. Free some space and try again.'))
      .mockRejectedValueOnce(new ImportError('no-fixes', 'No usable fix in the file.'));
    renderLibrary(port, 'pt-pt');
    await screen.findByTestId('session-import');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // A batch: one line per file, each with its reason, and no stack of toasts.
    fireEvent.change(input, { target: { files: [new File(['<gpx></gpx>'], 'a.gpx'), new File(['<gpx></gpx>'], 'b.gpx')] } });
    await waitFor(() => expect(screen.getAllByTestId('import-line').map((l) => l.getAttribute('data-state'))).toEqual(['failed', 'failed']), { timeout: 10_000 });
    const [a, b] = screen.getAllByTestId('import-line');
    expect(a.textContent).toContain('a.gpx');
    expect(a.textContent).toContain('não contém nenhuma posição utilizável');
    expect(a.textContent).toContain('Não importado');
    expect(b.textContent).toContain('Este dispositivo ficou sem espaço: liberte algum (Perfil, Armazenamento) e tente de novo.');
    expect(toast.notifyError).not.toHaveBeenCalled();
    // One file alone also toasts its reason, naming the file.
    fireEvent.change(input, { target: { files: [new File(['<gpx></gpx>'], 'c.gpx')] } });
    await waitFor(() => expect(toast.notifyError).toHaveBeenCalledWith('Não foi possível importar c.gpx: não contém nenhuma posição utilizável'), { timeout: 10_000 });
    expect(screen.getAllByTestId('import-line')).toHaveLength(3);
  });

  it('names a file of a format not read here, and lists the formats read, on its import line in both languages', async () => {
    const motec = () => new ImportError('unsupported-format', 'Stint.ld is a MoTeC i2 log (.ld), a format not read here.', { format: 'motec-ld', kind: 'log' });
    const zip = () => new ImportError('unsupported-format', 'logs.zip is a ZIP archive.', { format: 'zip', kind: 'archive' });
    const unknown = () => new ImportError('binary', 'capture.xyz is a binary file.', { extension: 'xyz' });
    for (const [locale, expected] of [
      ['en-us', ['it is a MoTeC i2 log (.ld), a format not read here', 'it is a ZIP archive: extract it and import the logs inside', 'it is a binary file (.xyz) of none of the formats read here', 'Files read: ASTRO laps and nmea (pick both), VBO', 'AiM XRK or XRZ']],
      ['pt-pt', ['é um registo MoTeC i2 (.ld), um formato que não é lido aqui', 'é um arquivo ZIP: extraia-o e importe os registos que contém', 'é um ficheiro binário (.xyz)', 'Ficheiros lidos: ASTRO voltas e nmea (escolha os dois), VBO', 'AiM XRK ou XRZ']],
    ] as const) {
      const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
      vi.mocked(port.importFile).mockRejectedValueOnce(motec()).mockRejectedValueOnce(zip()).mockRejectedValueOnce(unknown());
      renderLibrary(port, locale);
      await screen.findByTestId('session-import');
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      const files = ['Stint.ld', 'logs.zip', 'capture.xyz'].map((name) => new File([new Uint8Array(8)], name));
      fireEvent.change(input, { target: { files } });
      await waitFor(() => expect(screen.getAllByTestId('import-line').map((l) => l.getAttribute('data-state'))).toEqual(['failed', 'failed', 'failed']), { timeout: 10_000 });
      const text = screen.getByTestId('import-results').textContent ?? '';
      for (const part of expected) expect(text).toContain(part);
      expect(text).not.toContain('$t(');
      cleanup();
    }
  });

  it("shows the details the file's logger gives (driver, vehicle, track, logger) on its import line, in both languages", async () => {
    const details = { driver: 'CMD', vehicle: 'SFJ', venue: 'Fuji GP Sh', logger: 'MXm ID airs' };
    for (const [locale, expected] of [
      ['en-us', 'Driver: CMD · Vehicle: SFJ · Track: Fuji GP Sh · Logger: MXm ID airs'],
      ['pt-pt', 'Piloto: CMD · Veículo: SFJ · Pista: Fuji GP Sh · Registador: MXm ID airs'],
    ] as const) {
      const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
      vi.mocked(port.importFile).mockResolvedValueOnce({ id: 9, name: 'Fuji GP Sh 16/05/2026 14:05', laps: 13, circuitFound: false, alreadyStored: false, details });
      renderLibrary(port, locale);
      await screen.findByTestId('session-import');
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File([new Uint8Array(8)], 'CMD_SFJ_Fuji GP Sh_Generic testing_a_0101.xrk')] } });
      expect((await screen.findByTestId('import-line-details', {}, { timeout: 10_000 })).textContent).toBe(expected);
      cleanup();
    }
  });

  it('imports several files at once, an ASTRO nmea file with its laps file, and reports a lone laps file', async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
    renderLibrary(port);
    const button = await screen.findByTestId('session-import');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('');
    const nmea = new File(['1;0;41.57;44.949;80.0\n1;40;41.5701;44.9491;81.0\n'], '20260412_1030_Braga');
    const laps = new File(['1;1;61000;20000;20000;21000;120.5;60.2\n'], '20260412_1030_Braga.laps');
    const lone = new File(['1;1;61000;20000;20000;21000;120.5;60.2\n'], 'other.laps');
    const gpx = new File(['<?xml version="1.0"?><gpx></gpx>'], 'ride.gpx');
    fireEvent.change(input, { target: { files: [laps, nmea, gpx, lone] } });
    await waitFor(() => expect(port.importFile).toHaveBeenCalledTimes(2));
    expect(port.importFile).toHaveBeenCalledWith(nmea, laps, expect.any(Function));
    expect(port.importFile).toHaveBeenCalledWith(gpx, undefined, expect.any(Function));
    await waitFor(() => expect(screen.getAllByTestId('import-line').map((l) => l.getAttribute('data-state'))).toEqual(['failed', 'imported', 'imported']), { timeout: 10_000 });
    expect(screen.getAllByTestId('import-line')[0].textContent).toContain('other.laps is an ASTRO laps file: pick it together with its nmea file.');
    expect(screen.getAllByTestId('import-line')[1].textContent).toContain('Imported Imported with 3 laps');
    expect(screen.getByTestId('import-results').textContent).toContain('Import · 3 of 3 files');
    // The batch's results are in its lines, not in toasts over them.
    expect(toast.notifySuccess).not.toHaveBeenCalled();
    expect(button).toBeTruthy();
    // The lines stay until cleared.
    fireEvent.click(screen.getByTestId('import-results-clear'));
    expect(screen.queryByTestId('import-results')).toBeNull();
  });

  it("moves each import line's bar as the worker reports the share read and parsed", async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
    let report: (share: number) => void = () => {};
    let finish: () => void = () => {};
    vi.mocked(port.importFile).mockImplementationOnce((_file, _laps, onProgress) => {
      report = onProgress!;
      return new Promise((resolve) => (finish = () => resolve({ id: 7, name: 'Ride', laps: 3, circuitFound: true, alreadyStored: false })));
    });
    renderLibrary(port);
    await screen.findByTestId('session-import');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<gpx></gpx>'], 'long.gpx')] } });
    const bar = () => within(screen.getByTestId('import-line')).getByRole('progressbar');
    await waitFor(() => expect(screen.getByTestId('import-line').getAttribute('data-state')).toBe('importing'));
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    act(() => report(0.3));
    expect(bar().getAttribute('aria-valuenow')).toBe('30');
    act(() => report(0.655));
    expect(bar().getAttribute('aria-valuenow')).toBe('66');
    await act(async () => finish());
    await waitFor(() => expect(screen.getByTestId('import-line').getAttribute('data-state')).toBe('imported'));
    // A late report does not move a finished line's full bar back.
    act(() => report(0.9));
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
  });

  it("opens a session's analysis with one tap on its row or its name, as the active session", async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'A' }), libraryRow({ id: 2, name: 'B' }), libraryRow({ id: 3, name: 'C' })]);
    const store = renderLibrary(port);
    await screen.findByText('A');
    // A tap on the row's date cell (not a button).
    const dateCell = rowNamed('C').querySelectorAll('td')[2];
    fireEvent.click(dateCell);
    expect(store.get()).toEqual({ left: { id: 3, circuitId: 1 }, right: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions/analysis'));
    // The name is a real button for keyboards and screen readers; an active pair stays together.
    store.set({ left: { id: 1, circuitId: 1 }, right: { id: 2, circuitId: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyse B' }));
    expect(store.get()).toEqual({ left: { id: 1, circuitId: 1 }, right: { id: 2, circuitId: 1 } });
    // The buttons of a row keep their own meaning.
    await act(async () => {
      await router.navigate({ to: '/' });
    });
    fireEvent.click(screen.getByTestId('favorite-1'));
    expect(router.state.location.pathname).toBe('/');
  });

  it("picks the second session with 'Compare with...' among the same circuit's sessions only", async () => {
    const { port } = createFakePort([
      libraryRow({ id: 1, name: 'Braga A' }),
      libraryRow({ id: 2, name: 'Braga B' }),
      libraryRow({ id: 3, name: 'Portimão', circuitId: 2, circuitName: 'Portimão' }),
    ]);
    const store = renderLibrary(port);
    await screen.findByText('Braga A');
    fireEvent.click(screen.getByTestId('compare-with-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Compare Braga A with…')).toBeTruthy();
    expect(within(dialog).queryByTestId('compare-pick-3')).toBeNull();
    expect(within(dialog).queryByTestId('compare-pick-1')).toBeNull();
    // Its date follows the one rule: the circuit's local time, written like the names, said on hover.
    const pickDate = within(within(dialog).getByTestId('compare-pick-2')).getByText(/^\d\d\/\d\d\/\d{4} \d\dH\d\d$/);
    expect(pickDate.hasAttribute('data-circuit-time')).toBe(true);
    expect(pickDate.getAttribute('tabindex')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('compare-pick-2'));
    expect(store.get()).toEqual({ left: { id: 1, circuitId: 1 }, right: { id: 2, circuitId: 1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions/analysis'));
    // A session alone on its circuit: the dialog says why there is nothing to pick.
    fireEvent.click(screen.getByTestId('compare-with-3'));
    expect(await screen.findByText('No other session was recorded on Portimão: only sessions from the same circuit can be compared.')).toBeTruthy();
  });

  it("offers 'Analyse' with each imported session, opening its analysis", async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
    vi.mocked(port.importFile).mockResolvedValueOnce({ id: 7, name: 'Ride', laps: 3, circuitFound: true, alreadyStored: false });
    renderLibrary(port, 'pt-pt');
    await screen.findByTestId('session-import');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<gpx></gpx>'], 'ride.gpx')] } });
    await waitFor(() => expect(toast.notifySuccess).toHaveBeenCalledTimes(1));
    const [message, options] = toast.notifySuccess.mock.calls[0] as [string, { action: { label: string; onClick: () => void } }];
    expect(message).toBe('Ride importada com 3 voltas');
    expect(options.action.label).toBe('Analisar');
    await act(async () => options.action.onClick());
    await waitFor(() => expect(router.state.location.href).toBe('/sessions/analysis?open=7'));
  });

  it('shows the screen in European Portuguese', async () => {
    const { port } = createFakePort([libraryRow({ id: 1, name: 'S' })]);
    renderLibrary(port, 'pt-pt');
    await screen.findByText('Biblioteca de sessões');
    expect(screen.getByRole('button', { name: /Importar de ficheiro/ })).toBeTruthy();
  });
});

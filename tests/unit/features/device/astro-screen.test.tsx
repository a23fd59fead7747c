// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appI18n } from '../../../../src/app/i18n/app-i18n';
import { ApiError } from '../../../../src/data/api/api-error';
import { realClock, type Clock } from '../../../../src/device/clock';
import { SimulatedAstro } from '../../../../src/device/simulated/simulated-astro';
import { SimulatedTransport } from '../../../../src/device/simulated/simulated-transport';
import { AstroScreen } from '../../../../src/features/device/astro-screen';
import { DevicePortContext, type DevicePort, type LocalSessionInfo } from '../../../../src/features/device/device-port';
import { closeLink, unloadGuardActive } from '../../../../src/features/device/device-session';
import { deviceI18n } from '../../../../src/features/device/i18n';
import { renderWithProviders } from '../../ui/render-with-providers';
import { fakeSession } from '../../device/helpers';

const toast = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../../src/ui/toast', () => toast);

const A = '20260412_1030_Kartodromo de Braga';
const B = '20260413_0915_Circuito do Estoril';

/**
 * Real time, ten times faster: the link's settle waits (1 s after GATT connect, after notifications, before the first
 * command) take 100 ms, so five connects do not spend 15 s waiting, and a download still takes long enough to be seen
 * under way.
 */
const tenfold: Clock = { now: () => Date.now(), sleep: (ms) => realClock.sleep(ms / 10) };

function fakePort(device: SimulatedAstro) {
  let local: LocalSessionInfo[] = [{ localId: 1, filename: '20260101_0900_Jerez', inCloud: true, syncState: 'Completed', lastError: null, bestLapMs: null, lapCount: null, durationMs: null }];
  const listeners = new Set<() => void>();
  const saved: string[] = [];
  const versions: string[] = [];
  const port: DevicePort = {
    bluetoothSupported: () => false,
    bluetoothTransport: () => {
      throw new Error('no bluetooth in this test');
    },
    simulatedTransport: async () => new SimulatedTransport(device),
    sink: {
      async save(s) {
        saved.push(s.filename);
        // As the data layer would: stored, then uploaded by the sync engine.
        local = [...local, { localId: local.length + 1, filename: s.filename, inCloud: true, syncState: 'Completed', lastError: null, bestLapMs: null, lapCount: null, durationMs: null }];
        for (const l of listeners) l();
      },
    },
    useLocalSessions: () =>
      useSyncExternalStore(
        (l) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        () => local,
      ),
    refreshServerSessions: vi.fn(async () => undefined),
    circuitsForSync: async () => [],
    firmwareInfo: async () => ({ version: '1.5.0', size: 100, sha256: 'a'.repeat(64), notes: 'Notes', createdAt: '2026-01-01T00:00:00.000Z' }),
    firmwareBinary: async () => new Uint8Array(100),
    recordFirmwareVersion: async (v) => {
      versions.push(v);
    },
    clock: device.clock,
  };
  return { port, saved, versions };
}

function renderScreen(port: DevicePort, locale: 'en-us' | 'pt-pt' = 'en-us') {
  renderWithProviders(
    <DevicePortContext.Provider value={port}>
      <AstroScreen />
    </DevicePortContext.Provider>,
    { locale, namespaces: { device: deviceI18n, app: appI18n } },
  );
}

const rowOf = (filename: string) => document.querySelector(`tr[data-filename="${filename}"]`) as HTMLElement | null;

beforeEach(() => {
  toast.notifyError.mockClear();
  toast.notifySuccess.mockClear();
});
afterEach(async () => {
  cleanup();
  await closeLink();
});

describe('device screen', () => {
  it('connects to the simulated ASTRO, lists its sessions with the cloud ones, downloads one and deletes another', async () => {
    const device = new SimulatedAstro({ sessions: [fakeSession(A), fakeSession(B)], chunkPayloadBytes: 200, clock: tenfold });
    const { port, saved, versions } = fakePort(device);
    renderScreen(port);
    expect(screen.getByTestId('connection-state').textContent).toBe('Not connected');
    expect(rowOf('20260101_0900_Jerez')).not.toBeNull();
    fireEvent.click(screen.getByTestId('connect-simulated'));
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Connected'), { timeout: 8000 });
    expect(toast.notifySuccess).toHaveBeenCalledWith('Attempting to connect to ASTRO.');
    expect(toast.notifySuccess).toHaveBeenCalledWith('Connected to ASTRO.');
    await waitFor(() => expect(rowOf(A)).not.toBeNull(), { timeout: 4000 });
    expect(screen.getByTestId('device-version').textContent).toBe('1.4.0');
    // The version ASTRO reported is handed on once, to be kept as the user's firmware version.
    expect(versions).toEqual(['1.4.0']);
    await waitFor(() => expect(port.refreshServerSessions).toHaveBeenCalled());
    const rowA = rowOf(A)!;
    expect(within(rowA).getByText('Kartodromo de Braga 12/04/2026 10H30')).toBeTruthy();
    expect(within(rowA).getByText('In ASTRO')).toBeTruthy();
    expect(within(rowA).getByTestId('upload-state').textContent).toBe('Pending');
    expect(within(rowOf('20260101_0900_Jerez')!).getByText('In Cloud')).toBeTruthy();

    fireEvent.click(within(rowA).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('download-selected'));
    await waitFor(() => expect(saved).toEqual([A]), { timeout: 4000 });
    await waitFor(() => expect(within(rowOf(A)!).getByTestId('upload-state').textContent).toBe('Completed'));
    expect(within(rowOf(A)!).getByText('In Cloud')).toBeTruthy();
    expect(within(rowOf(A)!).getByText('In ASTRO')).toBeTruthy();

    fireEvent.click(within(rowOf(B)!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('delete-selected'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(rowOf(B)).toBeNull());
    expect(device.sessions.has(B)).toBe(false);
    expect(device.log).toContain(`DELETE_SESSION?p=${B}`);
  }, 20000);

  it("downloads all new sessions at once, and names what a delete removes, warning when ASTRO holds the only copy", async () => {
    const device = new SimulatedAstro({ sessions: [fakeSession(A), fakeSession(B)], chunkPayloadBytes: 200, clock: tenfold });
    const { port, saved } = fakePort(device);
    renderScreen(port, 'pt-pt');
    fireEvent.click(screen.getByTestId('connect-simulated'));
    await waitFor(() => expect(rowOf(B)).not.toBeNull(), { timeout: 8000 });
    // 'Pending' is explained: not downloaded yet.
    expect(within(rowOf(A)!).getByText('Ainda não transferida: só está no ASTRO.')).toBeTruthy();
    fireEvent.click(within(rowOf(A)!).getByRole('checkbox'));
    fireEvent.click(within(rowOf(B)!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('delete-selected'));
    const names = await screen.findByTestId('delete-names');
    expect(within(names).getByText('Kartodromo de Braga 12/04/2026 10H30')).toBeTruthy();
    expect(within(names).getByText('Circuito do Estoril 13/04/2026 09H15')).toBeTruthy();
    expect(screen.getByTestId('delete-only-copy').textContent).toBe('2 delas nunca foram transferidas: o ASTRO guarda as únicas cópias, que se vão perder.');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(device.sessions.size).toBe(2);

    expect(screen.getByTestId('download-all-new').textContent).toBe('Transferir todas as novas (2)');
    fireEvent.click(screen.getByTestId('download-all-new'));
    await waitFor(() => expect(saved.sort()).toEqual([A, B].sort()), { timeout: 8000 });
    await waitFor(() => expect((screen.getByTestId('download-all-new') as HTMLButtonElement).disabled).toBe(true));
    // Downloaded: one tap from the analysis, and deleting it from ASTRO loses nothing.
    expect(within(rowOf(A)!).getByRole('button', { name: 'Analisar Kartodromo de Braga 12/04/2026 10H30' })).toBeTruthy();
    fireEvent.click(within(rowOf(A)!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('delete-selected'));
    await screen.findByTestId('delete-names');
    expect(screen.queryByTestId('delete-only-copy')).toBeNull();
  }, 20000);

  it('asks before a firmware update, naming the versions and to keep ASTRO powered and close', async () => {
    const device = new SimulatedAstro({ sessions: [fakeSession(A)], clock: tenfold });
    const { port } = fakePort(device);
    renderScreen(port, 'pt-pt');
    fireEvent.click(screen.getByTestId('connect-simulated'));
    await waitFor(() => expect((screen.getByTestId('firmware-update') as HTMLButtonElement).disabled).toBe(false), { timeout: 8000 });
    fireEvent.click(screen.getByTestId('firmware-update'));
    const confirm = await screen.findByTestId('firmware-confirm');
    expect(within(confirm).getByText('O ASTRO passa da versão 1.4.0 para a 1.5.0.')).toBeTruthy();
    expect(within(confirm).getByText('Mantenha o ASTRO ligado e perto deste dispositivo até reiniciar (alguns minutos).')).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('firmware-cancel'));
    // Cancelled: nothing was sent.
    expect(device.log.some((l) => l.startsWith('FIRMWARE'))).toBe(false);
  }, 20000);

  it('says which downloads a dropped link cut, in the user language, and that they are still on ASTRO', async () => {
    const device = new SimulatedAstro({
      sessions: [fakeSession(A), fakeSession(B)],
      chunkPayloadBytes: 100,
      faults: [{ on: 'chunk', kind: 'nmea', filename: A, index: 2, action: 'disconnect' }],
      latencyMs: 2,
      clock: tenfold,
    });
    const { port, saved } = fakePort(device);
    renderScreen(port, 'pt-pt');
    fireEvent.click(screen.getByTestId('connect-simulated'));
    await waitFor(() => expect(rowOf(B)).not.toBeNull(), { timeout: 8000 });
    fireEvent.click(within(rowOf(A)!).getByRole('checkbox'));
    fireEvent.click(within(rowOf(B)!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('download-selected'));
    // While it downloads, closing the tab asks first; once the link is gone there is nothing left to lose.
    await waitFor(() => expect(unloadGuardActive()).toBe(true), { timeout: 4000 });
    // Session B goes whole first (100-byte chunks, 2 ms each way): at load 17 that alone took over 15 s.
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Ligação perdida'), { timeout: 45000 });
    expect(unloadGuardActive()).toBe(false);
    // The newest (B) came first and was saved whole; A was cut.
    expect(saved).toEqual([B]);
    await waitFor(() =>
      expect(toast.notifyError).toHaveBeenCalledWith(
        'O ASTRO desligou-se antes de Kartodromo de Braga 12/04/2026 10H30 ser transferida. Continua no ASTRO: volte a ligar para a transferir.'
      ),
    );
  }, 60000);

  it("says why there is no firmware information: offline with nothing kept, or the server's own reason", async () => {
    const device = new SimulatedAstro({ sessions: [] });
    const offline = fakePort(device).port;
    offline.firmwareInfo = async () => {
      throw new ApiError('NETWORK', 'The server could not be reached.');
    };
    renderScreen(offline);
    await screen.findByText('Firmware information is not available offline yet.');
    cleanup();
    const none = fakePort(device).port;
    none.firmwareInfo = async () => {
      throw new ApiError('NOT_FOUND', 'No firmware available.', 404);
    };
    renderScreen(none);
    await screen.findByText('No firmware available.');
    expect(screen.queryByText('Firmware information is not available offline yet.')).toBeNull();
  });

  it('speaks European Portuguese', () => {
    const { port } = fakePort(new SimulatedAstro());
    renderScreen(port, 'pt-pt');
    expect(screen.getByText('Ligar ao ASTRO')).toBeTruthy();
    expect(screen.getByText('ASTRO simulado')).toBeTruthy();
    expect(screen.getByTestId('connection-state').textContent).toBe('Desligado');
  });
});

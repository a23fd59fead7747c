/**
 * The app's DevicePort over the data layer (src/data/services.ts): downloaded sessions go to
 * `sessionsRepository.saveDownloadedSession` (IndexedDB first, then the analysis worker; the upload is queued in
 * the outbox), the session list is a Dexie live query, circuits come from the reference data kept offline, and
 * the firmware binary from the firmware repository (kept in IndexedDB, sha256-checked).
 */
import { useLiveQuery } from '../../data/live-query';
import type { Circuit } from '../../contracts/entities';
import { asMessage } from '../../contracts/messages';
import { createSimulatedAstro } from '../../device/simulated/create-simulated-astro';
import { SimulatedTransport } from '../../device/simulated/simulated-transport';
import { WebBluetoothTransport } from '../../device/web-bluetooth-transport';
import { authSession } from '../../data/auth/app-session';
import { deviceVersionRepository, firmwareRepository, referenceRepository, sessionsRepository } from '../../data/services';
import type { DevicePort, LocalSessionInfo } from './device-port';
import { closeLink } from './device-session';

// Signing out ends the ASTRO link (and any transfer): nothing is downloaded for a user who is gone.
authSession.onSignedOut(() => void closeLink());

async function localSessions(): Promise<LocalSessionInfo[]> {
  const rows = await sessionsRepository.listSessions();
  return rows.map((s) => ({
    localId: s.localId,
    filename: s.filename,
    inCloud: s.serverId !== null,
    syncState: s.syncState,
    lastError: s.lastError === null ? null : asMessage(s.lastError),
    // Worked out when it was stored here; a server session not opened here yet has the server's summary.
    bestLapMs: s.stats ? s.stats.bestLapMs : (s.summary?.bestLapMs ?? null),
    lapCount: s.stats ? s.stats.lapCount : (s.summary?.lapCount ?? null),
    durationMs: s.stats ? s.stats.durationMs : null,
  }));
}

const circuits = (): Promise<Circuit[]> => referenceRepository.list('circuits');

export const defaultDevicePort: DevicePort = {
  bluetoothSupported: () => WebBluetoothTransport.isSupported(),
  bluetoothTransport: () => new WebBluetoothTransport(),
  async simulatedTransport() {
    const recorded = (await circuits()).map((c) => ({ name: c.name, type: c.type?.name, coordinates: c.coordinates, length: c.length }));
    // A few sessions of 6 flying laps each; 1 ms each way keeps the download visibly progressive, like a real link.
    return new SimulatedTransport(createSimulatedAstro(recorded, { sessionCount: 4, flyingLaps: 6, latencyMs: 1 }));
  },
  sink: {
    async save(session, stored) {
      await sessionsRepository.saveDownloadedSession(session, undefined, stored);
    },
  },
  useLocalSessions: () => useLiveQuery(localSessions, []),
  async refreshServerSessions() {
    await sessionsRepository.refreshFromServer();
  },
  async circuitsForSync() {
    return (await circuits()).map((c) => ({
      name: c.name,
      typeName: c.type?.name ?? null,
      countryName: c.country?.name ?? null,
      coordinates: c.coordinates,
      size: c.size,
    }));
  },
  firmwareInfo: () => firmwareRepository.latestInfo(),
  async firmwareBinary(info) {
    const row = await firmwareRepository.ensureDownloaded(info);
    return new Uint8Array(row.bytes);
  },
  recordFirmwareVersion: (version) => deviceVersionRepository.record(version),
};

/**
 * What the device screen needs from the rest of the app, as one interface: the screen talks only to this port,
 * so component tests pass an in-memory fake and the app passes the real adapter (device-port-default.ts, over
 * src/data's repositories and the analysis worker).
 */
import { createContext, useContext } from 'react';
import type { FirmwareVersion } from '../../contracts/firmware';
import type { Message } from '../../contracts/messages';
import type { SyncCircuit } from '../../device/flows/circuit-blocks';
import type { Clock } from '../../device/clock';
import type { SessionSink } from '../../device/sink';
import type { DeviceTransport } from '../../device/transport';

type LocalSyncState = 'Pending' | 'In Progress' | 'Completed' | 'Failed';

/** A session this app already has (downloaded here, or listed by the server). */
export interface LocalSessionInfo {
  /** Local (IndexedDB) id: the analysis opens it by this. */
  localId: number;
  filename: string;
  /** On the server (has a server id). */
  inCloud: boolean;
  syncState: LocalSyncState;
  /** Why the last upload failed (a message of the catalogue, or a text kept as it came). */
  lastError: Message | null;
  /** The session's figures once its laps are known here (or the server's summary for best lap and laps); else null. */
  bestLapMs: number | null;
  lapCount: number | null;
  durationMs: number | null;
}

export interface DevicePort {
  /** Whether this browser has Web Bluetooth. */
  bluetoothSupported(): boolean;
  /** The real link (Web Bluetooth). */
  bluetoothTransport(): DeviceTransport;
  /** A link to a simulated ASTRO whose sessions were recorded on the reference circuits kept offline. */
  simulatedTransport(): Promise<DeviceTransport>;
  /** Where downloaded sessions go: IndexedDB first, then the analysis. */
  sink: SessionSink;
  /** Live list of the user's sessions on this device / server (undefined while loading). */
  useLocalSessions(): LocalSessionInfo[] | undefined;
  /** Mirrors the server's session list into the local one (after connecting). */
  refreshServerSessions(): Promise<void>;
  /** Circuits for circuit sync (with their country and type names). */
  circuitsForSync(): Promise<SyncCircuit[]>;
  /** What the server offers (the last answer when offline). */
  firmwareInfo(): Promise<FirmwareVersion>;
  /** The binary of that version, from IndexedDB or downloaded (verified) and kept. */
  firmwareBinary(info: FirmwareVersion): Promise<Uint8Array>;
  /** Keeps the version ASTRO reported as the user's firmware version (at once, sent to the server when online). */
  recordFirmwareVersion(version: string): Promise<void>;
  /** The clock the link's waits run on (its settle pauses, the firmware's chunk pauses); the real one when left out. */
  clock?: Clock;
}

export const DevicePortContext = createContext<DevicePort | null>(null);

export function useDevicePort(): DevicePort {
  const port = useContext(DevicePortContext);
  if (!port) throw new Error('DevicePortContext is missing');
  return port;
}

/**
 * The whole device side of the ASTRO protocol, in memory (docs/device-protocol.md): version, the session store and
 * file transfers (BOF, one DATA chunk per GET_SESSION_DATA, EOF), delete, the circuit store, firmware receive
 * with verification then reboot (a disconnect), Wi-Fi states, ERROR replies, plus link latency and faults.
 *
 * The device talks through a `DeviceSideLink` (simulated-transport.ts implements the app's DeviceTransport on
 * it). Time comes from an injected Clock so tests run instantly.
 */
import { decodeCommand, isCommandError, type Command } from '../protocol/commands';
import { replies, type FileKind } from '../protocol/replies';
import { MAX_PACKET_BYTES } from '../protocol/limits';
import { fromUtf8 } from '../protocol/text';
import { parseFirmwareImage } from '../../domain/firmware-image';
import { realClock, type Clock } from '../clock';
import { FaultBook, type Fault } from './faults';

export interface StoredSession {
  filename: string;
  laps: Uint8Array;
  nmea: Uint8Array;
}

export interface StoredCircuit {
  country: string;
  type: string;
  name: string;
  coordinates: string;
  size: string;
}

export interface SimulatedAstroOptions {
  version?: string;
  deviceName?: string;
  sessions?: StoredSession[];
  clock?: Clock;
  /** One-way delay of every write and every notification, ms. */
  latencyMs?: number;
  /** Payload bytes per DATA chunk; the header `DATA_<n>_` must still fit the 509-byte packet. */
  chunkPayloadBytes?: number;
  faults?: Fault[];
  /** Known networks (ssid -> password); when absent any ssid with a password of 8+ characters joins. */
  wifiNetworks?: Record<string, string>;
  /** How long the device takes to reboot after a firmware update, ms. */
  rebootMs?: number;
}

interface Transfer {
  filename: string;
  kind: FileKind;
  bytes: Uint8Array;
  /** Bytes announced in BOF (differs from bytes.length only under a wrong-size fault). */
  announced: number;
  offset: number;
  nextIndex: number;
  /** Legacy GET_SESSION: the nmea file follows the laps file. */
  then?: FileKind;
  lastChunk?: { index: number; payload: Uint8Array };
}

export interface DeviceSideLink {
  /** Called by the device to notify the app. */
  notify(bytes: Uint8Array): void;
  /** Called by the device when it drops the link (fault or reboot). */
  drop(): void;
}

const DEFAULT_CHUNK_PAYLOAD_BYTES = 490;

export class SimulatedAstro {
  version: string;
  readonly deviceName: string;
  readonly sessions = new Map<string, StoredSession>();
  /** The saved circuit list (after END_CIRCUIT_SYNC). */
  circuits: StoredCircuit[] = [];
  readonly faults: FaultBook;
  readonly clock: Clock;
  readonly latencyMs: number;
  readonly rebootMs: number;
  /** Every command the device received, decoded (firmware chunks as 'FIRMWARE_CHUNK'), for assertions. */
  readonly log: string[] = [];
  /** Set while rebooting: the link cannot be opened. */
  rebooting = false;
  private readonly chunkBytes: number;
  private readonly wifiNetworks?: Record<string, string>;
  private link: DeviceSideLink | null = null;
  private transfer: Transfer | null = null;
  private firmware: { expected: number; buffer: Uint8Array; received: number } | null = null;
  private staging: { circuits: StoredCircuit[]; country: string | null; text: string } | null = null;

  constructor(options: SimulatedAstroOptions = {}) {
    this.version = options.version ?? '1.4.0';
    this.deviceName = options.deviceName ?? 'ASTRO-51M1';
    this.clock = options.clock ?? realClock;
    this.latencyMs = options.latencyMs ?? 0;
    this.rebootMs = options.rebootMs ?? 3000;
    this.chunkBytes = Math.min(options.chunkPayloadBytes ?? DEFAULT_CHUNK_PAYLOAD_BYTES, MAX_PACKET_BYTES - 15);
    this.faults = new FaultBook(options.faults);
    this.wifiNetworks = options.wifiNetworks;
    for (const s of options.sessions ?? []) this.sessions.set(s.filename, s);
  }

  get linked(): boolean {
    return this.link !== null;
  }

  /** Opens the link (the transport calls it on connect). A rebooting device refuses. */
  attach(link: DeviceSideLink): boolean {
    if (this.rebooting) return false;
    this.link = link;
    return true;
  }

  /** The app closed the link: the device forgets transfer state, as the firmware does. */
  detach(): void {
    this.link = null;
    this.resetVolatile();
  }

  /** The device drops the link (fault injection or reboot). */
  dropLink(): void {
    const link = this.link;
    this.link = null;
    this.resetVolatile();
    link?.drop();
  }

  private resetVolatile(): void {
    this.transfer = null;
    this.firmware = null;
    this.staging = null;
  }

  private send(bytes: Uint8Array): void {
    this.link?.notify(bytes);
  }

  /** One write from the app. */
  receive(bytes: Uint8Array): void {
    if (!this.link) return;
    if (this.firmware) {
      this.receiveFirmware(bytes);
      return;
    }
    const command = decodeCommand(bytes);
    if (isCommandError(command)) {
      this.log.push(`?${command.code}`);
      this.send(replies.error(command.code === 'unknown-command' ? 'UNKNOWN_COMMAND' : 'BAD_COMMAND'));
      return;
    }
    this.log.push(command.param === undefined ? command.name : `${command.name}?p=${command.param}`);
    const fault = this.faults.onCommand(command.name);
    if (fault && fault.on === 'command') {
      if (fault.action === 'disconnect') return this.dropLink();
      if (fault.action === 'error') return this.send(replies.error(fault.code ?? 'INTERNAL'));
      return;
    }
    this.handle(command);
  }

  private handle(command: Command): void {
    const param = command.param ?? '';
    switch (command.name) {
      case 'GET_VERSION':
        return this.send(replies.version(this.version));
      case 'GET_SESSION_NAMES':
        for (const s of this.sessions.values()) this.send(replies.sessionName(s.filename, s.laps.length, s.nmea.length));
        return;
      case 'GET_SESSION_LAPS':
        return this.begin(param, 'laps');
      case 'GET_SESSION_NMEA':
        return this.begin(param, 'nmea');
      case 'GET_SESSION':
        return this.begin(param, 'laps', 'nmea');
      case 'GET_SESSION_DATA':
        return this.nextChunk();
      case 'SKIP_SESSION_TRANSFER':
      case 'STOP_SESSION_TRANSFER':
        this.transfer = null;
        return;
      case 'DELETE_SESSION':
        if (!this.sessions.delete(param)) this.send(replies.error('SESSION_NOT_FOUND'));
        return;
      case 'START_FIRMWARE_UPDATE': {
        const expected = Number(param);
        if (!(expected > 0) || expected > 8 * 1024 * 1024) return this.send(replies.error('FIRMWARE_INVALID'));
        this.transfer = null;
        this.firmware = { expected, buffer: new Uint8Array(expected), received: 0 };
        return;
      }
      case 'START_CIRCUIT_SYNC':
        this.staging = { circuits: [], country: null, text: '' };
        return;
      case 'START_COUNTRY_CIRCUITS':
        if (!this.staging) return this.send(replies.error('NO_CIRCUIT_SYNC'));
        this.staging.country = param;
        this.staging.text = '';
        return;
      case 'CIRCUIT_DATA':
        if (!this.staging?.country) return this.send(replies.error('NO_CIRCUIT_SYNC'));
        this.staging.text += param;
        return;
      case 'END_COUNTRY_CIRCUITS':
        return this.endCountry();
      case 'END_CIRCUIT_SYNC':
        if (!this.staging) return this.send(replies.error('NO_CIRCUIT_SYNC'));
        this.circuits = this.staging.circuits;
        this.staging = null;
        return;
      case 'WIFI_CONNECT':
        void this.wifi(param);
        return;
    }
  }

  /** Blocks are concatenated verbatim (a block split at a line boundary keeps its `\n`), then split in lines. */
  private endCountry(): void {
    const staging = this.staging;
    if (!staging?.country) return this.send(replies.error('NO_CIRCUIT_SYNC'));
    for (const line of staging.text.split('\n')) {
      if (line.trim() === '') continue;
      const fields = line.split(';');
      if (fields.length < 4) {
        this.send(replies.error('CIRCUIT_INVALID'));
        continue;
      }
      staging.circuits.push({
        country: staging.country,
        type: fields[0],
        name: fields[1],
        coordinates: fields.slice(2, -1).join(';'),
        size: fields[fields.length - 1],
      });
    }
    staging.country = null;
    staging.text = '';
  }

  private begin(filename: string, kind: FileKind, then?: FileKind): void {
    const session = this.sessions.get(filename);
    if (!session) {
      this.transfer = null;
      return this.send(replies.error('SESSION_NOT_FOUND'));
    }
    const bytes = kind === 'laps' ? session.laps : session.nmea;
    const fault = this.faults.onBof(filename, kind);
    const announced = fault && fault.on === 'bof' ? bytes.length + (fault.delta ?? 7) : bytes.length;
    this.transfer = { filename, kind, bytes, announced, offset: 0, nextIndex: 0, then };
    this.send(replies.bof(filename, kind, announced));
    this.nextChunk();
  }

  private nextChunk(): void {
    const t = this.transfer;
    if (!t) return this.send(replies.error('NO_TRANSFER'));
    if (t.offset >= t.bytes.length) {
      this.send(replies.eof(t.filename, t.kind, t.announced, t.nextIndex - 1));
      this.transfer = null;
      if (t.then) this.begin(t.filename, t.then);
      return;
    }
    const fault = this.faults.onChunk(t.filename, t.kind, t.nextIndex);
    if (fault && fault.on === 'chunk') {
      if (fault.action === 'disconnect') return this.dropLink();
      if (fault.action === 'error') {
        this.transfer = null;
        return this.send(replies.error(fault.code ?? 'READ_FAILED'));
      }
      if (fault.action === 'repeat' && t.lastChunk) {
        return this.send(replies.data(t.lastChunk.index, t.lastChunk.payload));
      }
      if (fault.action === 'gap') {
        t.offset = Math.min(t.bytes.length, t.offset + this.chunkBytes);
        t.nextIndex++;
        if (t.offset >= t.bytes.length) return this.nextChunk();
      }
    }
    const payload = t.bytes.subarray(t.offset, t.offset + this.chunkBytes);
    t.lastChunk = { index: t.nextIndex, payload };
    t.offset += payload.length;
    this.send(replies.data(t.nextIndex, payload));
    t.nextIndex++;
  }

  private receiveFirmware(bytes: Uint8Array): void {
    const fw = this.firmware;
    if (!fw) return;
    this.log.push('FIRMWARE_CHUNK');
    if (bytes.length > MAX_PACKET_BYTES || fw.received + bytes.length > fw.expected) {
      this.firmware = null;
      return this.send(replies.error('FIRMWARE_INVALID'));
    }
    fw.buffer.set(bytes, fw.received);
    fw.received += bytes.length;
    if (this.faults.onFirmwareBytes(fw.received)) return this.dropLink();
    if (fw.received < fw.expected) return;
    this.firmware = null;
    const parsed = parseFirmwareImage(fw.buffer);
    if (!parsed.ok) return this.send(replies.error('FIRMWARE_INVALID'));
    void this.reboot(parsed.image.version);
  }

  private async reboot(version: string): Promise<void> {
    this.rebooting = true;
    await this.clock.sleep(50);
    this.dropLink();
    await this.clock.sleep(this.rebootMs);
    this.version = version;
    this.rebooting = false;
  }

  private async wifi(param: string): Promise<void> {
    const at = param.indexOf(';');
    const ssid = at < 0 ? param : param.slice(0, at);
    const password = at < 0 ? '' : param.slice(at + 1);
    const link = this.link;
    this.send(replies.wifi({ state: 'CONNECTING' }));
    await this.clock.sleep(1500);
    if (this.link !== link) return;
    const known = this.wifiNetworks;
    const ok = ssid.trim() !== '' && (known ? known[ssid] === password : password.length >= 8);
    if (!ok) {
      const reason = known && !(ssid in known) ? 'NO_AP_FOUND' : 'AUTH_FAILED';
      return this.send(replies.wifi({ state: 'FAILED', reason }));
    }
    const octet = 10 + (ssid.length * 7) % 200;
    this.send(replies.wifi({ state: 'CONNECTED', ip: `192.168.1.${octet}` }));
  }

  /** Test helper for the device's own view of stored text (e.g. circuits as it would save them). */
  describeSession(filename: string): { laps: string; nmea: string } | null {
    const s = this.sessions.get(filename);
    return s ? { laps: fromUtf8(s.laps), nmea: fromUtf8(s.nmea) } : null;
  }
}

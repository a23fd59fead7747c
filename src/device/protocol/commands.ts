/**
 * Commands the app writes to ASTRO (docs/device-protocol.md, 'Commands'): `NAME` or `NAME?p=PARAM`, where PARAM is
 * everything after the first `?p=`, verbatim. Firmware chunks are raw binary writes and are not commands.
 */
import { MAX_PACKET_BYTES } from './limits';
import { fromUtf8, utf8 } from './text';

const COMMAND_NAMES = [
  'GET_VERSION',
  'GET_SESSION_NAMES',
  'GET_SESSION_LAPS',
  'GET_SESSION_NMEA',
  'GET_SESSION',
  'GET_SESSION_DATA',
  'SKIP_SESSION_TRANSFER',
  'STOP_SESSION_TRANSFER',
  'DELETE_SESSION',
  'START_FIRMWARE_UPDATE',
  'START_CIRCUIT_SYNC',
  'START_COUNTRY_CIRCUITS',
  'CIRCUIT_DATA',
  'END_COUNTRY_CIRCUITS',
  'END_CIRCUIT_SYNC',
  'WIFI_CONNECT',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Commands that carry a parameter; the others never do. */
const WITH_PARAM: ReadonlySet<CommandName> = new Set<CommandName>([
  'GET_SESSION_LAPS',
  'GET_SESSION_NMEA',
  'GET_SESSION',
  'DELETE_SESSION',
  'START_FIRMWARE_UPDATE',
  'START_COUNTRY_CIRCUITS',
  'CIRCUIT_DATA',
  'WIFI_CONNECT',
]);

export interface Command {
  name: CommandName;
  /** Present exactly when the command takes one. */
  param?: string;
}

type CommandErrorCode = 'too-long' | 'unknown-command' | 'missing-param' | 'unexpected-param' | 'bad-param';
export interface CommandError {
  type: 'command-error';
  code: CommandErrorCode;
  detail: string;
}

/** Builders: one per command, so call sites cannot misspell a name or forget a parameter. */
export const commands = {
  getVersion: (): Command => ({ name: 'GET_VERSION' }),
  getSessionNames: (): Command => ({ name: 'GET_SESSION_NAMES' }),
  getSessionLaps: (filename: string): Command => ({ name: 'GET_SESSION_LAPS', param: filename }),
  getSessionNmea: (filename: string): Command => ({ name: 'GET_SESSION_NMEA', param: filename }),
  getSession: (filename: string): Command => ({ name: 'GET_SESSION', param: filename }),
  getSessionData: (): Command => ({ name: 'GET_SESSION_DATA' }),
  skipSessionTransfer: (): Command => ({ name: 'SKIP_SESSION_TRANSFER' }),
  stopSessionTransfer: (): Command => ({ name: 'STOP_SESSION_TRANSFER' }),
  deleteSession: (filename: string): Command => ({ name: 'DELETE_SESSION', param: filename }),
  startFirmwareUpdate: (totalBytes: number): Command => ({ name: 'START_FIRMWARE_UPDATE', param: String(totalBytes) }),
  startCircuitSync: (): Command => ({ name: 'START_CIRCUIT_SYNC' }),
  startCountryCircuits: (country: string): Command => ({ name: 'START_COUNTRY_CIRCUITS', param: country }),
  circuitData: (block: string): Command => ({ name: 'CIRCUIT_DATA', param: block }),
  endCountryCircuits: (): Command => ({ name: 'END_COUNTRY_CIRCUITS' }),
  endCircuitSync: (): Command => ({ name: 'END_CIRCUIT_SYNC' }),
  wifiConnect: (ssid: string, password: string): Command => ({ name: 'WIFI_CONNECT', param: `${ssid};${password}` }),
};

/**
 * The text of a command, `NAME` or `NAME?p=PARAM`.
 * @internal Exported for its tests.
 */
export function commandText(command: Command): string {
  return command.param === undefined ? command.name : `${command.name}?p=${command.param}`;
}

/** Encodes a command; a result over 509 bytes is a typed error, never a truncated write. */
export function encodeCommand(command: Command): Uint8Array | CommandError {
  const bytes = utf8(commandText(command));
  if (bytes.length > MAX_PACKET_BYTES) {
    return { type: 'command-error', code: 'too-long', detail: `${command.name} is ${bytes.length} bytes (max ${MAX_PACKET_BYTES})` };
  }
  return bytes;
}

export function isCommandError(value: unknown): value is CommandError {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'command-error';
}

const NAMES: ReadonlySet<string> = new Set(COMMAND_NAMES);

/** Decodes a written command (the device side: the simulated ASTRO and the BLE e2e peripheral use it). */
export function decodeCommand(bytes: Uint8Array): Command | CommandError {
  if (bytes.length > MAX_PACKET_BYTES) {
    return { type: 'command-error', code: 'too-long', detail: `${bytes.length} bytes` };
  }
  const text = fromUtf8(bytes);
  const at = text.indexOf('?p=');
  const name = at < 0 ? text : text.slice(0, at);
  if (!NAMES.has(name)) return { type: 'command-error', code: 'unknown-command', detail: name.slice(0, 40) };
  const commandName = name as CommandName;
  if (at < 0) {
    if (WITH_PARAM.has(commandName)) return { type: 'command-error', code: 'missing-param', detail: name };
    return { name: commandName };
  }
  if (!WITH_PARAM.has(commandName)) return { type: 'command-error', code: 'unexpected-param', detail: name };
  const param = text.slice(at + 3);
  if (commandName === 'START_FIRMWARE_UPDATE' && !/^\d+$/.test(param)) {
    return { type: 'command-error', code: 'bad-param', detail: `firmware length '${param.slice(0, 20)}'` };
  }
  return { name: commandName, param };
}

/**
 * Firmware versions ('1.5.2', 'v1.5.2', '1.5.2-rc1', '1.5') compared on their first three numbers only;
 * missing numbers count as 0 and anything after the third number is ignored.
 */
import { DomainError } from '../errors';

const VERSION = /^\s*v?(\d+)(?:\.(\d+)(?:\.(\d+)(?:[.\-+ ].*)?|[-+ ].*)?|[-+ ].*)?\s*$/i;

/** @internal Exported for its tests. */
export type VersionTriple = [number, number, number];

/**
 * Throws DomainError('invalid-version').
 * @internal Exported for its tests.
 */
export function parseFirmwareVersion(text: string): VersionTriple {
  const m = VERSION.exec(typeof text === 'string' ? text : '');
  if (!m) throw new DomainError('invalid-version', `not a firmware version: ${String(text)}`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/**
 * -1 when a is older than b, 0 when the first three numbers are equal, 1 when newer.
 * @internal Exported for its tests.
 */
export function compareFirmwareVersions(a: string, b: string): -1 | 0 | 1 {
  const x = parseFirmwareVersion(a);
  const y = parseFirmwareVersion(b);
  for (let k = 0; k < 3; k++) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
  return 0;
}

/** True when `available` is newer than `installed` (an update is offered). */
export function isFirmwareUpdateAvailable(installed: string, available: string): boolean {
  return compareFirmwareVersions(available, installed) > 0;
}

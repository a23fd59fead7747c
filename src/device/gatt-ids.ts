/**
 * The ASTRO GATT identifiers (docs/device-protocol.md, 'GATT'), kept in this one place.
 * A build can override them with VITE_ASTRO_SERVICE_UUID / VITE_ASTRO_CHARACTERISTIC_UUID.
 */

/** Advertised name prefix the chooser filters on. */
const ASTRO_NAME_PREFIX = 'ASTRO';
/** @internal Exported for its tests. */
export const DEFAULT_SERVICE_UUID = '40570699-d54b-423f-a0e6-c7f2f8eb5e8a';
/** @internal Exported for its tests. */
export const DEFAULT_CHARACTERISTIC_UUID = '1e6fd9c9-f180-4b25-98bb-bd6a04a5dc99';

export interface GattIds {
  namePrefix: string;
  service: string;
  characteristic: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads the optional build-time overrides; anything that is not a lowercase UUID falls back to the default. */
function fromEnv(key: string, fallback: string): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  const value = env?.[key]?.trim().toLowerCase();
  return value && UUID.test(value) ? value : fallback;
}

export const gattIds: GattIds = {
  namePrefix: ASTRO_NAME_PREFIX,
  service: fromEnv('VITE_ASTRO_SERVICE_UUID', DEFAULT_SERVICE_UUID),
  characteristic: fromEnv('VITE_ASTRO_CHARACTERISTIC_UUID', DEFAULT_CHARACTERISTIC_UUID),
};

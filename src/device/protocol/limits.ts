/** Protocol sizes and pauses (docs/device-protocol.md and the product's limits). */

/** The BLE packet: no write and no notification is larger. */
export const MAX_PACKET_BYTES = 509;
/** `CIRCUIT_DATA?p=` is 15 bytes, so a circuit block holds 509 - 15. */
export const MAX_CIRCUIT_BLOCK_BYTES = 494;
/** Wait after GATT connect and after starting notifications, before the first command. */
export const CONNECT_SETTLE_MS = 1000;
/** Pause between CIRCUIT_DATA writes. */
export const CIRCUIT_BLOCK_PAUSE_MS = 50;
/** Pause after START_FIRMWARE_UPDATE before the first firmware chunk. */
export const FIRMWARE_START_PAUSE_MS = 100;
/** Pause between firmware chunks. */
export const FIRMWARE_CHUNK_PAUSE_MS = 25;

import { z } from 'zod';

/** GET /api/firmware/version. `size` in bytes, `sha256` lowercase hex of the binary served by GET /api/firmware. */
export const firmwareVersionSchema = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+/),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  notes: z.string(),
  createdAt: z.string(),
});
export type FirmwareVersion = z.infer<typeof firmwareVersionSchema>;
/** Default download name of the binary (the name ASTRO's firmware tools expect). */
export const FIRMWARE_FILENAME = 'firmware_update.ino.bin';

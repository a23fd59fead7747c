import { z } from 'zod';
import { visibilitySchema, type Visibility } from '../../contracts/visibility';
import type { AstroDb } from '../db/database';

/**
 * The profile's default visibility for new sessions as known on this device (kv 'sharingDefault:<user>'): chosen
 * here (`sent` false until the server has it) or read from the server. sharing-repository.ts keeps it in step.
 */
export const sharingDefaultKey = (userId: number) => `sharingDefault:${userId}`;
const sharingDefaultSchema = z.object({ visibility: visibilitySchema, sent: z.boolean() });
export type SharingDefault = z.infer<typeof sharingDefaultSchema>;

export async function readSharingDefault(db: AstroDb, userId: number): Promise<SharingDefault | null> {
  const parsed = sharingDefaultSchema.safeParse((await db.kv.get(sharingDefaultKey(userId)))?.value);
  return parsed.success ? parsed.data : null;
}

/** The visibility a session stored now gets; undefined when this device does not know the default (the server's applies). */
export async function localDefaultVisibility(db: AstroDb, userId: number): Promise<Visibility | undefined> {
  return (await readSharingDefault(db, userId))?.visibility;
}

/** The stored reference circuits looked up by name (a device file name carries only the circuit's name). */
import type { AstroDb } from '../db/database';

export interface NamedCircuit {
  id: number;
  /** The IANA zone of the circuit's country, when known: the device names files in the track's wall-clock time. */
  timeZone: string | null;
}

/** The stored circuit named `circuitName` (case-insensitive, trimmed), or null. */
export async function circuitNamed(db: AstroDb, circuitName: string): Promise<NamedCircuit | null> {
  const wanted = circuitName.trim().toLowerCase();
  const match = await db.circuits.filter((c) => typeof c?.name === 'string' && c.name.trim().toLowerCase() === wanted).first();
  if (!match) return null;
  const timeZone: unknown = match.country?.timezone;
  return { id: match.id, timeZone: typeof timeZone === 'string' ? timeZone : null };
}

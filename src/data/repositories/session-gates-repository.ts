/**
 * Gates edited on the map for one session. Circuits are reference data only admins may change, so a racer's
 * own gates are kept per session on this device, in kv under 'sessionGates:<localId>', and read back through
 * their schema (a corrupt entry reads as none, so the circuit's own gates apply again).
 */
import { z } from 'zod';
import type { GatePoint } from '../../domain/session-types';
import type { AstroDb } from '../db/database';

const gatesOverrideSchema = z.object({
  gates: z.array(z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })).max(3),
  widthM: z.number().positive().max(200),
});

export interface SessionGates {
  gates: GatePoint[];
  widthM: number;
}

const gatesKey = (localId: number) => `sessionGates:${localId}`;

export function createSessionGatesRepository(deps: { db: () => AstroDb }) {
  return {
    /** The session's own gates, or null when it has none (or the stored entry is corrupt). */
    async get(localId: number): Promise<SessionGates | null> {
      const parsed = gatesOverrideSchema.safeParse((await deps.db().kv.get(gatesKey(localId)))?.value);
      return parsed.success ? parsed.data : null;
    },
    async put(localId: number, gates: GatePoint[], widthM: number): Promise<void> {
      await deps.db().kv.put({ key: gatesKey(localId), value: { gates, widthM } });
    },
    async delete(localId: number): Promise<void> {
      await deps.db().kv.delete(gatesKey(localId));
    },
  };
}

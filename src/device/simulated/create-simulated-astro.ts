/**
 * A ready-to-use simulated ASTRO holding sessions recorded on the given circuits (e.g. the app's reference
 * circuits): one session per circuit for the first `sessionCount` circuits that have gates, dated over the last
 * weeks before `now`.
 */
import { generateSession, type SimulatedCircuit } from './generate-session';
import { hashString } from './random';
import { SimulatedAstro, type SimulatedAstroOptions, type StoredSession } from './simulated-astro';

export interface CreateSimulatedAstroOptions extends Omit<SimulatedAstroOptions, 'sessions'> {
  sessionCount?: number;
  flyingLaps?: number;
  now?: Date;
}

/** @internal Exported for its tests. */
export function generateSessions(circuits: SimulatedCircuit[], count: number, flyingLaps: number, now: Date): StoredSession[] {
  const out: StoredSession[] = [];
  for (const circuit of circuits) {
    if (out.length >= count) break;
    const seed = hashString(circuit.name);
    const start = new Date(now.getTime() - (1 + out.length * 3) * 86400000);
    start.setHours(9 + (seed % 8), (seed >>> 4) % 4 * 15, 0, 0);
    const session = generateSession(circuit, { flyingLaps, start, seed });
    if (session) out.push({ filename: session.filename, laps: session.laps, nmea: session.nmea });
  }
  return out;
}

export function createSimulatedAstro(circuits: SimulatedCircuit[], options: CreateSimulatedAstroOptions = {}): SimulatedAstro {
  const sessions = generateSessions(circuits, options.sessionCount ?? 3, options.flyingLaps ?? 8, options.now ?? new Date());
  return new SimulatedAstro({ ...options, sessions });
}

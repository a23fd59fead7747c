/**
 * What a session's file name tells about it: its display name, the instant it started and its circuit. Device
 * names are `YYYYMMDD_HHMM_<circuit name>` in the track's wall-clock time (so the start is known to the minute);
 * any other name is kept as the name, dated now, without a circuit. An import knows better: its first fix's
 * instant replaces the name's (sessions-repository.ts).
 */
import { displayNameFromFileName, parseSessionFileName, sessionIsoDate } from '../../domain/value-format/session-name';
import { MINUTE_MS } from '../../domain/value-format/session-start';
import { wallClockToInstant } from '../../domain/value-format/wall-clock';
import type { NamedCircuit } from './circuit-lookup';

export interface SessionIdentity {
  name: string;
  /** ISO instant of the first fix (session-start.ts). */
  date: string;
  /** How much later than `date` the first fix may be, ms. */
  dateAccuracyMs: number;
  /** The track's IANA zone, when known. */
  timeZone: string | null;
  circuitId: number | null;
}

/** `findCircuit`: the stored circuit of a name (circuit-lookup.ts); `nowIso`: the date of a name that carries none. */
export async function sessionIdentityFromFileName(
  filename: string,
  findCircuit: (circuitName: string) => Promise<NamedCircuit | null>,
  nowIso: string,
): Promise<SessionIdentity> {
  let parts;
  try {
    parts = parseSessionFileName(filename);
  } catch {
    return { name: filename, date: nowIso, dateAccuracyMs: MINUTE_MS, timeZone: null, circuitId: null };
  }
  // The name's wall-clock time is the track's: an instant in the circuit's zone (else this device's). A second
  // session under a taken name is stored as 'name (2)' (session-duplicates.ts): its circuit is still 'name'.
  const circuit = (await findCircuit(parts.circuitName)) ?? (await findCircuit(parts.circuitName.replace(/ \(\d+\)$/, '')));
  return {
    name: displayNameFromFileName(filename),
    date: wallClockToInstant(sessionIsoDate(parts), circuit?.timeZone),
    dateAccuracyMs: MINUTE_MS,
    timeZone: circuit?.timeZone ?? null,
    circuitId: circuit?.id ?? null,
  };
}

/**
 * What a session's file name tells about it: its display name, the instant it started and its circuit. Device
 * names are `YYYYMMDD_HHMM_<circuit name>` in the track's wall-clock time; any other name is kept as the name,
 * dated now, without a circuit.
 */
import { displayNameFromFileName, parseSessionFileName, sessionIsoDate } from '../../domain/format/session-name';
import { wallClockToInstant } from '../../domain/format/wall-clock';
import type { NamedCircuit } from './circuit-lookup';

export interface SessionIdentity {
  name: string;
  /** ISO instant. */
  date: string;
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
    return { name: filename, date: nowIso, circuitId: null };
  }
  // The name's wall-clock time is the track's: an instant in the circuit's zone (else this device's). A second
  // session under a taken name is stored as 'name (2)' (session-duplicates.ts): its circuit is still 'name'.
  const circuit = (await findCircuit(parts.circuitName)) ?? (await findCircuit(parts.circuitName.replace(/ \(\d+\)$/, '')));
  return {
    name: displayNameFromFileName(filename),
    date: wallClockToInstant(sessionIsoDate(parts), circuit?.timeZone),
    circuitId: circuit?.id ?? null,
  };
}

/**
 * The instant a device file name's wall-clock time stands for at a track in `timeZone` (the zone import finds for the
 * track's first fix, tz-lookup), or null for a name that is not a device name. A session imported near no known
 * circuit was dated in this device's zone; once its circuit is set this dates it where its name says it was.
 */
export function sessionDateAtTrack(filename: string, timeZone: string | null): string | null {
  let parts;
  try {
    parts = parseSessionFileName(filename);
  } catch {
    return null;
  }
  return wallClockToInstant(sessionIsoDate(parts), timeZone ?? undefined);
}

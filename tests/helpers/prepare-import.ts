/**
 * A file prepared for import in this process, against stored circuits (the app does it in the analysis worker:
 * src/data/use-cases/import-session.ts over workers/import-api.ts), for tests that need an import's texts and
 * circuit: the domain does the work (src/domain/file-formats/prepare-import.ts); this maps the circuits to the
 * candidates it takes and names the stored circuit picked.
 */
import type { Circuit } from '../../src/contracts/entities';
import type { CircuitCandidate } from '../../src/domain/file-formats/pick-circuit';
import { prepareImport as prepare, type PreparedImport as Prepared } from '../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../src/domain/file-reading/byte-source';

/** `nmeaText`: the stored nmea file as text (decoded from the prepared bytes). */
export type PreparedImport = Prepared & { circuit: Circuit | null; nmeaText: string };

/** The fields of a stored circuit import needs. */
function circuitCandidate(c: Circuit): CircuitCandidate {
  return { id: c.id, name: c.name, coordinates: c.coordinates, size: c.size, timeZone: c.country?.timezone ?? null };
}

/** `lapsText`: the ASTRO laps file picked with an ASTRO nmea file (its laps are kept instead of detected). */
export async function prepareImport(fileName: string, content: string | Uint8Array, circuits: readonly Circuit[], lastModified?: number, lapsText?: string): Promise<PreparedImport> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const prepared = await prepare({ fileName, source: bytesSource(bytes), circuits: circuits.map(circuitCandidate), lastModified, lapsText });
  return withCircuit(prepared, circuits);
}

function withCircuit(prepared: Prepared, circuits: readonly Circuit[]): PreparedImport {
  const circuit = prepared.circuit ? (circuits.find((c) => c.id === prepared.circuit!.id) ?? null) : null;
  return { ...prepared, circuit, nmeaText: new TextDecoder().decode(prepared.nmeaBytes) };
}

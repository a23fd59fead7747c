/**
 * Import from disk: ASTRO position files, VBO (RaceBox, VBOX, Dragy, RaceChrono), NMEA 0183, GPX, KML,
 * Dove/LapWing logs, Garmin FIT, GoPro videos' GPS, AiM XRK/XRZ and the CSV exports of other loggers (RaceChrono, AiM, MoTeC,
 * RaceBox, TrackAddict, Harry's LapTimer, Alfano: domain/file-formats/import-registry.ts lists them) become a session like one
 * downloaded from ASTRO. The domain does the work (src/domain/file-formats/prepare-import.ts: format by content, the
 * circuit by how the whole trace fits its gates, laps from the file's own gates, the circuit's, the line the
 * logger's own laps imply or a start/finish proposed from the trace, device-format texts and a name in the
 * track's time zone); this maps the circuits on this device to the candidates it takes.
 */
import type { Circuit } from '../../../contracts/entities';
import type { CircuitCandidate } from '../../../domain/file-formats/pick-circuit';
import { prepareImport as prepare, type PreparedImport as Prepared } from '../../../domain/file-formats/prepare-import';
import { bytesSource } from '../../../domain/file-reading/byte-source';
import type { ImportProgressListener } from '../../../domain/file-formats/import-progress';
import { getAnalysisClient, type ImportedFile, type ImportFileInput } from '../../../analysis/analysis-client';

/**
 * `nmeaText`: the stored nmea file as text (decoded from the prepared bytes).
 * @internal Exported for its tests.
 */
export type PreparedImport = Prepared & { circuit: Circuit | null; nmeaText: string };

/** The fields of a stored circuit import needs. */
function circuitCandidate(c: Circuit): CircuitCandidate {
  return { id: c.id, name: c.name, coordinates: c.coordinates, size: c.size, timeZone: c.country?.timezone ?? null };
}

/**
 * `lapsText`: the ASTRO laps file picked with an ASTRO nmea file (its laps are kept instead of detected).
 * @internal Exported for its tests.
 */
export async function prepareImport(fileName: string, content: string | Uint8Array, circuits: readonly Circuit[], lastModified?: number, lapsText?: string): Promise<PreparedImport> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const prepared = await prepare({ fileName, source: bytesSource(bytes), circuits: circuits.map(circuitCandidate), lastModified, lapsText });
  return withCircuit(prepared, circuits);
}

/**
 * Any picked file, binary formats included, imported in the analysis worker (workers/import-api.ts): the File goes
 * there by reference and is read by parts (a video is never loaded whole), so a 2 h 25 Hz file never blocks the
 * page. `startFinish`: a start/finish the racer placed for a session near no circuit.
 */
export function importFileInWorker(
  file: File,
  circuits: readonly Circuit[],
  lapsText?: string,
  startFinish?: ImportFileInput['startFinish'],
  onProgress?: ImportProgressListener,
): Promise<ImportedFile> {
  const input = { fileName: file.name, file, circuits: circuits.map(circuitCandidate), lastModified: file.lastModified, lapsText, ...(startFinish ? { startFinish } : {}) };
  return getAnalysisClient().importFile(input, { onProgress });
}

function withCircuit(prepared: Prepared, circuits: readonly Circuit[]): PreparedImport {
  const circuit = prepared.circuit ? (circuits.find((c) => c.id === prepared.circuit!.id) ?? null) : null;
  return { ...prepared, circuit, nmeaText: new TextDecoder().decode(prepared.nmeaBytes) };
}

/**
 * Import from disk (issue 6): ASTRO position files, VBO (RaceBox, VBOX, Dragy, RaceChrono), NMEA 0183, GPX and
 * RaceChrono CSV v3 become a session like one downloaded from ASTRO:
 * 1. the format is recognised from the content (not the extension) and parsed into typed columns;
 * 2. the circuit is picked automatically: the circuit whose start/finish gate the trace passes closest to
 *    (within PICK_RADIUS_M);
 * 3. laps and sectors are detected from that circuit's gates (domain detectLaps), the fixes renumbered by lap;
 * 4. the result is written back in the device's own texts (laps file + position file) with a device-style file
 *    name `YYYYMMDD_HHMM_<circuit>` in the circuit's local time, so storage, sync and analysis need no new path.
 * Pure: the port adapter stores the texts through the sessions repository.
 */
import type { Circuit } from '../../contracts/entities';
import { detectLaps } from '../../domain/detection/detect-laps';
import { tryParseCoordinates } from '../../domain/format/coordinates';
import { sessionFileName, type SessionNameParts } from '../../domain/format/session-name';
import { importGpx, looksLikeGpx } from '../../domain/formats/import-gpx';
import { importNmea0183, looksLikeNmea0183 } from '../../domain/formats/import-nmea0183';
import { importRaceChronoCsv, looksLikeRaceChronoCsv } from '../../domain/formats/import-racechrono-csv';
import { ImportError } from '../../domain/formats/import-errors';
import type { ImportedSession } from '../../domain/formats/import-types';
import { importVbo, looksLikeVbo } from '../../domain/formats/import-vbo';
import { distanceM } from '../../domain/geo/distance';
import { parsePositionsText } from '../../domain/parse-positions';
import { serializeLaps, serializePositions } from '../../domain/serialize-session';
import type { GatePoint, LapRecord, PositionColumns } from '../../domain/session-types';

/** How close the trace must pass to a circuit's start/finish gate for that circuit to be picked. */
export const PICK_RADIUS_M = 500;
/** Fixes looked at when picking a circuit (a 7 h session has 630k; every k-th fix is plenty at 25 Hz). */
const PICK_SAMPLES = 5000;

export interface PreparedImport {
  filename: string;
  lapsText: string;
  nmeaText: string;
  source: ImportedSession['source'];
  circuit: Circuit | null;
  laps: LapRecord[];
  /** Lines of the file that were skipped (reported, not silently dropped). */
  skippedLines: number;
}

/** Parses the file with the importer its content matches. */
export function parseImportFile(text: string, lastModified?: number): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', 'The file is empty.');
  const options = { fallbackDate: lastModified };
  if (looksLikeVbo(text)) return importVbo(text, options);
  if (looksLikeGpx(text)) return importGpx(text);
  if (looksLikeRaceChronoCsv(text)) return importRaceChronoCsv(text);
  if (looksLikeNmea0183(text)) return importNmea0183(text, options);
  const astro = parsePositionsText(text);
  if (astro.positions.count > 0 && astro.positions.count >= astro.corruptLines) {
    const start = lastModified !== undefined && Number.isFinite(lastModified) ? lastModified : Date.now();
    return { positions: astro.positions, startedAt: new Date(start).toISOString(), source: 'astro', issues: astro.issues };
  }
  throw new ImportError('unknown-format', 'This file is not ASTRO, VBO, NMEA 0183, GPX or RaceChrono CSV v3.');
}

function gatesOf(circuit: Circuit): GatePoint[] {
  const parsed = tryParseCoordinates(circuit.coordinates);
  return parsed.ok ? parsed.points : [];
}

/** The circuit whose start/finish gate the trace passes closest to, within PICK_RADIUS_M; null when none. */
export function pickCircuit(positions: PositionColumns, circuits: readonly Circuit[]): Circuit | null {
  const step = Math.max(1, Math.floor(positions.count / PICK_SAMPLES));
  let best: Circuit | null = null;
  let bestDistance = PICK_RADIUS_M;
  for (const circuit of circuits) {
    const gate = gatesOf(circuit)[0];
    if (!gate) continue;
    for (let i = 0; i < positions.count; i += step) {
      const la = positions.lat[i];
      const lo = positions.lon[i];
      if (!Number.isFinite(la) || !Number.isFinite(lo)) continue;
      // Cheap reject: more than ~0.05° away cannot be within 500 m.
      if (Math.abs(la - gate.lat) > 0.05 || Math.abs(lo - gate.lon) > 0.1) continue;
      const d = distanceM(la, lo, gate.lat, gate.lon);
      if (d < bestDistance) {
        bestDistance = d;
        best = circuit;
      }
    }
  }
  return best;
}

/** Wall-clock parts of an instant in a time zone (the circuit's), falling back to UTC. */
export function wallClock(iso: string, timeZone: string | null | undefined): Omit<SessionNameParts, 'circuitName'> {
  const date = new Date(iso);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Circuit names go into a file name: keep them free of path separators. */
const fileSafe = (name: string) => name.replace(/[\\/]+/g, '-').trim() || 'Imported';

export function prepareImport(text: string, circuits: readonly Circuit[], lastModified?: number): PreparedImport {
  const imported = parseImportFile(text, lastModified);
  const positions = imported.positions;
  const circuit = pickCircuit(positions, circuits);
  let laps: LapRecord[] = [];
  let lapColumn = positions.lap;
  if (circuit) {
    const detection = detectLaps(positions, gatesOf(circuit), circuit.size);
    laps = detection.records;
    lapColumn = detection.lapOfFix;
  }
  const renumbered: PositionColumns = { ...positions, lap: lapColumn };
  const clock = wallClock(imported.startedAt, circuit?.country?.timezone);
  const filename = sessionFileName({ ...clock, circuitName: fileSafe(circuit?.name ?? 'Imported') });
  return {
    filename,
    lapsText: serializeLaps(laps),
    nmeaText: serializePositions(renumbered),
    source: imported.source,
    circuit,
    laps,
    skippedLines: imported.issues.length,
  };
}

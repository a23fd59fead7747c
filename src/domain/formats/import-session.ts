/**
 * From a file on disk to a session stored like any other:
 *  1. `importFileSource` (any file: binary formats by their first bytes, see import-binary.ts, else text) and
 *     `detectImportFormat` / `importFile` (text): pick the importer by content (extension as a tie-break), run it;
 *  2. `pickCircuit`: the nearest circuit whose start/finish gate lies within 2 km of the trace;
 *  3. `finishImport`: number the laps from that circuit's gates (detection/detect-laps.ts) and write the
 *     device-format laps and nmea texts (serialize-session.ts) plus a device-style file name, so the session
 *     is uploaded, stored and synced exactly like one downloaded from ASTRO.
 */
import { detectLaps, type LapDetection } from '../detection/detect-laps';
import { compareLoggerLaps, gateFromLoggerLaps, loggerCrossingsMs, type LoggerLapComparison } from '../detection/logger-laps';
import { tryParseCoordinates } from '../format/coordinates';
import { sessionFileName } from '../format/session-name';
import { createLocalProjection } from '../geo/local-projection';
import { serializeLaps, serializePositions } from '../serialize-session';
import type { GatePoint, LapRecord, ParseIssue, PositionColumns } from '../session-types';
import type { ByteSource } from '../gpmf/byte-source';
import { BINARY_FORMAT_LABELS, detectBinaryFormat, HEAD_BYTES, importBinary } from './import-binary';
import { ImportError } from './import-errors';
import { TEXT_IMPORTERS, type TextImporter } from './import-registry';
import type { ImportOptions, ImportSource, ImportedSession } from './import-types';
import { hasZone } from '../format/wall-clock';

/** The importer of a file from its content; the extension only breaks ties. null: none of ours. */
function importerFor(fileName: string, text: string): TextImporter | null {
  const byContent = TEXT_IMPORTERS.find((importer) => importer.looksLike(text));
  if (byContent) return byContent;
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ext && TEXT_IMPORTERS.find((importer) => importer.extensions?.includes(ext))) || null;
}

/** The format of a file from its content; the extension only breaks ties. null: none of ours. */
export function detectImportFormat(fileName: string, text: string): ImportSource | null {
  return importerFor(fileName, text)?.source ?? null;
}

export interface ImportFileOptions extends ImportOptions {
  /** For ASTRO files: the matching laps file's text, if the user picked it. */
  astroLaps?: string;
}

/** Reads one file (text already decoded) into a normalised session; ImportError when it is none of ours. */
export function importFile(fileName: string, text: string, options: ImportFileOptions = {}): ImportedSession {
  if (text.trim() === '') throw new ImportError('empty-file', `${fileName} is empty.`);
  const importer = importerFor(fileName, text);
  if (!importer) {
    const known = [...TEXT_IMPORTERS.map((i) => i.label), ...BINARY_FORMAT_LABELS].join(', ');
    throw new ImportError('unknown-format', `${fileName} is none of the formats read here (${known}).`);
  }
  return importer.read(text, { ...options, fileName });
}

/**
 * Reads any file through a ByteSource: a binary format recognised by its first bytes is read by its importer
 * (which loads on first use and reads only what it needs), anything else is decoded as UTF-8 text and goes
 * through `importFile`.
 */
export async function importFileSource(fileName: string, source: ByteSource, options: ImportFileOptions = {}): Promise<ImportedSession> {
  if (source.size === 0) throw new ImportError('empty-file', `${fileName} is empty.`);
  const binary = detectBinaryFormat(await source.read(0, HEAD_BYTES));
  if (binary !== null) return importBinary(binary, source);
  return importFile(fileName, new TextDecoder().decode(await source.read(0, source.size)), options);
}

/** The circuit fields import needs (a subset of the Circuit entity). */
export interface CircuitCandidate {
  id: number | string;
  name: string;
  /** 'lat;lon;...': start/finish gate centre first, then sector gates. */
  coordinates: string;
  /** Gate width, metres. */
  size: number;
}

/** Circuits further than this from every fix are not candidates (spec of the import: 2 km). */
const CIRCUIT_PICK_RADIUS_M = 2000;

/**
 * The circuit whose start/finish gate is nearest to the trace (closest fix), if within `radiusM`. Circuits
 * without valid coordinates are skipped. Ties keep the earlier circuit.
 */
export function pickCircuit<C extends CircuitCandidate>(
  positions: PositionColumns,
  circuits: readonly C[],
  radiusM = CIRCUIT_PICK_RADIUS_M,
): { circuit: C; distanceM: number } | null {
  if (positions.count === 0) return null;
  const box = boundingBox(positions);
  let best: { circuit: C; distanceM: number } | null = null;
  for (const circuit of circuits) {
    const parsed = tryParseCoordinates(circuit.coordinates);
    if (!parsed.ok || parsed.points.length === 0) continue;
    const gate = parsed.points[0];
    // Cheap reject: a gate further than the radius outside the trace's bounding box (with a safety factor of 2
    // on the metres per degree) cannot be within reach of any fix.
    const marginLat = (2 * radiusM) / 111_000;
    const marginLon = marginLat / Math.max(0.01, Math.cos((gate.lat * Math.PI) / 180));
    if (gate.lat < box.minLat - marginLat || gate.lat > box.maxLat + marginLat) continue;
    if (gate.lon < box.minLon - marginLon || gate.lon > box.maxLon + marginLon) continue;
    const d = nearestFixDistanceM(positions, gate);
    if (d <= radiusM && (best === null || d < best.distanceM)) best = { circuit, distanceM: d };
  }
  return best;
}

function boundingBox(positions: PositionColumns): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < positions.count; i++) {
    const la = positions.lat[i];
    const lo = positions.lon[i];
    if (la < minLat) minLat = la;
    if (la > maxLat) maxLat = la;
    if (lo < minLon) minLon = lo;
    if (lo > maxLon) maxLon = lo;
  }
  return { minLat, maxLat, minLon, maxLon };
}

function nearestFixDistanceM(positions: PositionColumns, gate: GatePoint): number {
  const p = createLocalProjection(gate.lat, gate.lon);
  let best = Infinity;
  for (let i = 0; i < positions.count; i++) {
    const d = Math.hypot(p.x(positions.lon[i]), p.y(positions.lat[i]));
    if (d < best) best = d;
  }
  return best;
}

export interface FinishImportOptions {
  /** Use this circuit instead of the auto-picked one. */
  circuit?: CircuitCandidate | null;
  /** For ASTRO files: re-time laps from the circuit's gates instead of keeping the device's laps. */
  redetect?: boolean;
  /** Minutes east of UTC for the file name's wall-clock time. Default: this runtime's zone at that date. */
  utcOffsetMinutes?: number;
}

export interface FinishedImport {
  source: ImportSource;
  startedAt: string;
  /** The picked circuit, or null when none is within reach (laps then stay undetected). */
  circuit: CircuitCandidate | null;
  circuitDistanceM: number | null;
  /** Positions numbered by lap (a copy; the import's columns are left untouched). */
  positions: PositionColumns;
  laps: LapRecord[];
  detection: LapDetection | null;
  /** Device-format files, ready for Session.laps and Session.coordinates. */
  lapsText: string;
  nmeaText: string;
  /** `YYYYMMDD_HHMM_<circuit name>` (device-protocol.md), 'Imported' when no circuit was picked. */
  fileName: string;
  issues: ParseIssue[];
  /** The logger's own start/finish crossings (ms of session time) when the file carries laps it places, else null. */
  loggerCrossingsMs: number[] | null;
  /** Our laps against the logger's, lap by lap, when both exist. */
  loggerComparison: LoggerLapComparison | null;
  /** True when no circuit was near and the laps were timed at the line the logger's own laps imply. */
  timedAtLoggerLine: boolean;
}

/**
 * Width of the start/finish line implied by a logger's own laps, metres: its centre is where the racer crossed,
 * so it must reach across a kart track (8-12 m) or a circuit's racing line from either side, yet stay clear of a
 * parallel part of the track nearby.
 */
const LOGGER_LINE_WIDTH_M = 20;

export function finishImport(imported: ImportedSession, circuits: readonly CircuitCandidate[], options: FinishImportOptions = {}): FinishedImport {
  const picked =
    options.circuit !== undefined
      ? options.circuit && { circuit: options.circuit, distanceM: NaN }
      : pickCircuit(imported.positions, circuits);
  const circuit = picked ? picked.circuit : null;
  // An ASTRO session keeps the device's laps when its laps file came along; an nmea file picked alone has lap
  // numbers but no lap records, so its laps are detected from the circuit's gates like any other import.
  const keepDevice = imported.source === 'astro' && !options.redetect && imported.deviceLaps !== undefined;
  let detection: LapDetection | null = null;
  let positions = imported.positions;
  let laps: LapRecord[] = imported.deviceLaps ?? [];
  const crossings = imported.loggerLaps ? loggerCrossingsMs(imported.loggerLaps, imported.startedAt) : [];
  const loggerLaps = crossings.length > 0 ? crossings : null;
  let timedAtLoggerLine = false;
  if (!keepDevice) {
    laps = [];
    const gates = circuit ? tryParseCoordinates(circuit.coordinates) : null;
    // Near no known circuit, a file carrying its logger's laps is timed at the line those laps imply.
    const loggerLine = !circuit && loggerLaps ? gateFromLoggerLaps(positions, loggerLaps) : null;
    if (circuit && gates && gates.ok && gates.points.length > 0) {
      detection = detectLaps(positions, gates.points, circuit.size);
    } else if (loggerLine) {
      detection = detectLaps(positions, [loggerLine], LOGGER_LINE_WIDTH_M);
      timedAtLoggerLine = true;
    }
    if (detection) {
      positions = { ...positions, lap: detection.lapOfFix.slice() };
      laps = detection.records;
    } else if (imported.source !== 'astro') {
      positions = { ...positions, lap: new Int32Array(positions.count) };
    }
  }
  return {
    source: imported.source,
    startedAt: imported.startedAt,
    circuit,
    circuitDistanceM: picked && Number.isFinite(picked.distanceM) ? picked.distanceM : null,
    positions,
    laps,
    detection,
    lapsText: serializeLaps(laps),
    nmeaText: serializePositions(positions),
    fileName: importFileName(imported.startedAt, circuit?.name ?? 'Imported', options.utcOffsetMinutes),
    issues: imported.issues,
    loggerCrossingsMs: loggerLaps,
    loggerComparison: loggerLaps && detection ? compareLoggerLaps(detection.startFinishMs, loggerLaps) : null,
    timedAtLoggerLine,
  };
}

/**
 * Device-style file name for a session start. A zone-less start (ASTRO's wall clock) is used as written; a
 * zoned one is moved to local wall-clock time by `utcOffsetMinutes` (default: this runtime's zone).
 */
export function importFileName(startedAt: string, circuitName: string, utcOffsetMinutes?: number): string {
  const zoned = hasZone(startedAt);
  const ms = Date.parse(zoned ? startedAt : `${startedAt}Z`);
  const safeName = circuitName.replace(/[\\/:*?"<>|\r\n]/g, ' ').trim() || 'Imported';
  if (!Number.isFinite(ms)) return `19700101_0000_${safeName}`;
  const offset = !zoned ? 0 : (utcOffsetMinutes ?? -new Date(ms).getTimezoneOffset());
  const d = new Date(ms + offset * 60_000);
  return sessionFileName({
    circuitName: safeName,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  });
}

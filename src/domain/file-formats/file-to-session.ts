/**
 * From a file on disk to a session stored like any other:
 *  1. `importFileSource` (any file: binary formats by their first bytes, see import-binary.ts, else text through
 *     `importFile`: the importer by content, import-registry.ts, the extension only as a tie-break); a file that
 *     is none of ours, binary, empty or too large is refused with an ImportError;
 *  2. `pickCircuit`: among circuits whose start/finish gate lies within 2 km of the trace, the one whose gates
 *     the whole trace crosses in order the most laps (two layouts sharing a start line are told apart by their
 *     sector gates), the nearer one when that does not decide;
 *  3. `finishImport`: number the laps from the line import-timing.ts chooses (the file's own gates when laps
 *     cross them all, else the circuit's, else near no circuit a start/finish proposed from the logger's own laps
 *     or from the trace, which the racer confirms); then write the device-format laps
 *     and nmea texts (serialize-session.ts) plus a device-style file name, so the session is uploaded, stored
 *     and synced exactly like one downloaded from ASTRO.
 */
import { detectLaps, type LapDetection } from '../detection/detect-laps';
import type { StartFinishProposal } from '../detection/propose-start-finish';
import { compareLoggerLaps, loggerCrossingsMs, type LoggerLapComparison } from '../detection/logger-laps';
import { tryParseCoordinates } from '../value-format/coordinates';
import { sessionFileName } from '../value-format/session-name';
import { hasZone } from '../value-format/wall-clock';
import { createLocalProjection } from '../geo/local-projection';
import { serializeLaps, serializePositions } from '../serialize-session';
import type { GatePoint, LapRecord, ParseIssue, PositionColumns } from '../session-types';
import type { TimingGates } from './file-gates';
import { chooseTiming, type LapSource, type TimingChoice } from './import-timing';
import type { ByteSource } from '../file-reading/byte-source';
import { BINARY_FORMAT_LABELS, detectBinaryFormat, HEAD_BYTES as BINARY_HEAD_BYTES, importBinary } from './import-binary';
import { extensionOf, recognizeForeignFormat } from './foreign-formats';
import { ImportError } from './import-errors';
import { importerByContent, importerByExtension, importerLabels, importInput, type ImportReadOptions } from './import-registry';
import type { ImportSource, ImportedSession, SessionDetails } from './import-types';
import type { ImportProgressListener } from './import-progress';

export interface ImportFileOptions extends ImportReadOptions {
  /** Told how far the import is, by bytes read and then parsed (import-progress.ts); unthrottled. */
  onProgress?: ImportProgressListener;
}

/** Bytes read per part of a text file (each part reported as read). */
const READ_PART_BYTES = 2 * 1024 * 1024;

/** Larger than any session a logger writes (7 h at 25 Hz with 30+ channels is about 250 MB of VBO text). */
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

/**
 * The format of a file from its content; the extension only breaks ties. null: none of ours.
 * @internal Exported for its tests.
 */
export function detectImportFormat(fileName: string, text: string): ImportSource | null {
  const input = importInput(fileName, text);
  return (importerByContent(input) ?? importerByExtension(fileName))?.source ?? null;
}

/** Refuses a text file larger than MAX_IMPORT_BYTES (ImportError 'too-large'). */
function checkImportSize(fileName: string, bytes: number, limit = MAX_IMPORT_BYTES): void {
  if (bytes > limit) throw new ImportError('too-large', `${fileName} is larger than ${Math.round(limit / 1024 / 1024)} MB.`, { limitMb: Math.round(limit / 1024 / 1024) });
}

/** Bytes that are not text: a NUL, or many control characters, in the first KiB. */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 1024);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return n > 0 && control / n > 0.1;
}

/** Every format read here, for the messages that refuse a file as none of them. */
function formatsRead(): string {
  return [importerLabels(), ...BINARY_FORMAT_LABELS].join(', ');
}

/**
 * Refuses a file of a format not read here, naming it ('unsupported-format', detail.format and detail.kind),
 * from its first bytes: its signature, or its extension when the bytes are not text.
 */
function refuseForeignFormat(fileName: string, head: Uint8Array): void {
  const foreign = recognizeForeignFormat(fileName, head, looksBinary(head));
  if (!foreign) return;
  throw new ImportError('unsupported-format', `${fileName} is a ${foreign.name}, a format not read here (formats read: ${formatsRead()}).`, {
    format: foreign.id,
    kind: foreign.kind,
  });
}

/**
 * Reads one file (bytes, or text already decoded) into a normalised session; ImportError when it cannot be one
 * (empty, too large, of a format not read here, binary and none of ours, none of our formats, or the format's
 * own refusal).
 * @internal Exported for its tests.
 */
export function importFile(fileName: string, content: Uint8Array | string, options: ImportFileOptions = {}): ImportedSession {
  const size = typeof content === 'string' ? content.length : content.byteLength;
  if (size === 0) throw new ImportError('empty-file', `${fileName} is empty.`);
  if (typeof content !== 'string') refuseForeignFormat(fileName, content.subarray(0, 1024));
  checkImportSize(fileName, size);
  const input = importInput(fileName, content);
  const byContent = importerByContent(input);
  // Bytes that are not text and no binary format of ours: refused before the extension could hand them to a text reader.
  if (!byContent && typeof content !== 'string' && looksBinary(content)) {
    const extension = extensionOf(fileName);
    throw new ImportError('binary', `${fileName} is a binary file of none of the formats read here (${formatsRead()}).`, extension ? { extension } : {});
  }
  const importer = byContent ?? importerByExtension(fileName);
  if (!importer) {
    if (input.head.trim() === '' && input.text.trim() === '') throw new ImportError('empty-file', `${fileName} is empty.`);
    throw new ImportError('unknown-format', `${fileName} is none of the formats read here (${formatsRead()}).`);
  }
  return importer.readBytes ? importer.readBytes(input.bytes, { ...options, fileName }) : importer.read(input.text, { ...options, fileName });
}

/**
 * Reads any file through a ByteSource: a binary format recognised by its first bytes is read by its importer
 * (which loads on first use and reads only what it needs), anything else is decoded as UTF-8 text and goes
 * through `importFile`.
 */
export async function importFileSource(fileName: string, source: ByteSource, options: ImportFileOptions = {}): Promise<ImportedSession> {
  if (source.size === 0) throw new ImportError('empty-file', `${fileName} is empty.`);
  const binary = detectBinaryFormat(await source.read(0, BINARY_HEAD_BYTES));
  if (binary !== null) return importBinary(binary, source, { onProgress: options.onProgress });
  // Named before its size is held against it: a 1 GB MoTeC log is a MoTeC log, not merely too large.
  refuseForeignFormat(fileName, await source.read(0, 1024));
  // A text file is read whole: refuse one larger than any log before reading it (a video is read by parts above).
  checkImportSize(fileName, source.size);
  const { onProgress, ...readOptions } = options;
  if (!onProgress) return importFile(fileName, await source.read(0, source.size), readOptions);
  const totalBytes = source.size;
  const bytes = await readByParts(source, (read) => onProgress({ stage: 'reading', bytes: read, totalBytes }));
  const onParsed = (share: number) => onProgress({ stage: 'parsing', bytes: Math.round(share * totalBytes), totalBytes });
  const imported = importFile(fileName, bytes, { ...readOptions, onParsed });
  onProgress({ stage: 'parsing', bytes: totalBytes, totalBytes });
  return imported;
}

/** The whole source, read part by part (`onRead` told the bytes read after each). */
async function readByParts(source: ByteSource, onRead: (bytes: number) => void): Promise<Uint8Array> {
  const out = new Uint8Array(source.size);
  onRead(0);
  for (let offset = 0; offset < source.size; ) {
    const part = await source.read(offset, Math.min(READ_PART_BYTES, source.size - offset));
    if (part.length === 0) break;
    out.set(part, offset);
    offset += part.length;
    onRead(offset);
  }
  return out;
}

/** The circuit fields import needs (a subset of the Circuit entity). */
export interface CircuitCandidate {
  id: number | string;
  name: string;
  /** 'lat;lon;...': start/finish gate centre first, then sector gates. */
  coordinates: string;
  /** Gate width, metres. */
  size: number;
  /** IANA zone of the circuit's country, when known (names the session in the track's local time). */
  timeZone?: string | null;
}

/** Circuits further than this from every fix are not candidates (spec of the import: 2 km). */
const CIRCUIT_PICK_RADIUS_M = 2000;

/** @internal Exported for its tests. */
export interface PickedCircuit<C> {
  circuit: C;
  distanceM: number;
  /** Laps timed with the circuit's gates (computed while comparing candidates; absent for a lone candidate). */
  detection?: LapDetection;
}

/**
 * The circuit the trace was driven on: of the circuits whose start/finish gate comes within `radiusM` of the
 * trace, the one with the most laps crossing all its gates in order; equal fits go to the nearer start/finish
 * (then to the earlier circuit). Circuits without valid coordinates are skipped.
 * @internal Exported for its tests.
 */
export function pickCircuit<C extends CircuitCandidate>(positions: PositionColumns, circuits: readonly C[], radiusM = CIRCUIT_PICK_RADIUS_M): PickedCircuit<C> | null {
  if (positions.count === 0) return null;
  const box = boundingBox(positions);
  const inReach: { circuit: C; distanceM: number; gates: GatePoint[] }[] = [];
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
    if (d <= radiusM) inReach.push({ circuit, distanceM: d, gates: parsed.points });
  }
  if (inReach.length === 0) return null;
  if (inReach.length === 1) return { circuit: inReach[0].circuit, distanceM: inReach[0].distanceM };
  let best: (PickedCircuit<C> & { fit: number }) | null = null;
  for (const c of inReach) {
    const detection = detectLaps(positions, c.gates, c.circuit.size);
    const fit = lapsThroughEveryGate(detection);
    if (best === null || fit > best.fit || (fit === best.fit && c.distanceM < best.distanceM)) {
      best = { circuit: c.circuit, distanceM: c.distanceM, detection, fit };
    }
  }
  const { fit: _fit, ...picked } = best!;
  return picked;
}

/** Closed laps whose every gate was crossed, in order (a gate missed or crossed out of order leaves a NaN). */
function lapsThroughEveryGate(detection: LapDetection): number {
  return detection.laps.filter((l) => l.complete && l.gateTimesMs.every(Number.isFinite)).length;
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

/**
 * The distance from the gate to the nearest fix, metres: Math.hypot's, taken only for the fixes whose squared
 * distance comes within rounding of the least so far (Math.hypot on each of a 2 h session's 180,000 fixes cost more
 * than the rest of the loop). A fix nearer by Math.hypot is never further by the square beyond that rounding, so
 * the result is the one Math.hypot on every fix gives.
 */
function nearestFixDistanceM(positions: PositionColumns, gate: GatePoint): number {
  const p = createLocalProjection(gate.lat, gate.lon);
  const { lat, lon, count } = positions;
  let best = Infinity;
  let bestSquare = Infinity;
  for (let i = 0; i < count; i++) {
    const x = p.x(lon[i]);
    const y = p.y(lat[i]);
    const square = x * x + y * y;
    if (!(square <= bestSquare * (1 + 1e-9))) continue;
    const d = Math.hypot(x, y);
    if (d < best) best = d;
    if (square < bestSquare) bestSquare = square;
  }
  return best;
}

export interface FinishImportOptions {
  /** Use this circuit instead of the auto-picked one (null: none). */
  circuit?: CircuitCandidate | null;
  /** For ASTRO files: re-time laps from the circuit's gates instead of keeping the device's laps. */
  redetect?: boolean;
  /** Minutes east of UTC for the file name's wall-clock time. Default: this runtime's zone at that date. */
  utcOffsetMinutes?: number;
  /** The picked file's name: names a session driven where no circuit is known (its base name, not 'Imported'). */
  sourceName?: string;
  /** A start/finish the racer placed (confirmed or moved on the map) for a session with no circuit. */
  startFinish?: { gate: GatePoint; headingDeg?: number; widthM: number };
}

/** An import timed: everything but the device-format texts (prepare-import.ts writes those as bytes). */
export interface TimedImport {
  source: ImportSource;
  startedAt: string;
  /** The picked circuit, or null when none is within reach. */
  circuit: CircuitCandidate | null;
  circuitDistanceM: number | null;
  /** Positions numbered by lap (a copy; the import's columns are left untouched). */
  positions: PositionColumns;
  laps: LapRecord[];
  lapSource: LapSource;
  detection: LapDetection | null;
  /** The file's own gates that timed the laps (present when the file brought gates that laps cross). */
  fileGates: TimingGates | null;
  /** The file brought gates and not all of them timed the laps (none on the trace, or one no lap crosses). */
  fileGatesIgnored: boolean;
  /** Laps by the circuit's gates, kept for comparison when the stored laps came from the file's own gates. */
  circuitLaps: LapRecord[] | null;
  /** Near no known circuit: the start/finish the laps were timed at, for the racer to confirm (null otherwise). */
  proposal: StartFinishProposal | null;
  /** Where the proposal comes from: the logger's own lap boundaries, or the trace's loop. */
  proposalFrom: 'logger' | 'trace' | null;
  /** `YYYYMMDD_HHMM_<circuit name>` (docs/device-protocol.md); without a circuit, the picked file's base name. */
  fileName: string;
  issues: ParseIssue[];
  /** The logger's own start/finish crossings (ms of session time) when the file carries laps it places, else null. */
  loggerCrossingsMs: number[] | null;
  /** Our laps against the logger's, lap by lap, when both exist. */
  loggerComparison: LoggerLapComparison | null;
  /** True when no circuit was near and the laps were timed at the line the logger's own laps imply (`proposal` holds it). */
  timedAtLoggerLine: boolean;
  /** Who and what the logger says it recorded (driver, vehicle, track...), or null when the file says nothing. */
  details: SessionDetails | null;
}

/**
 * A timed import with its device-format files, ready for Session.laps and Session.coordinates.
 * @internal Exported for its tests.
 */
export type FinishedImport = TimedImport & { lapsText: string; nmeaText: string };

/** The base name of a picked file, fit for a session file name ('Road America run 4.vbo' -> 'Road America run 4'). */
function sourceBaseName(fileName: string | undefined): string {
  return fileNameSafe((fileName ?? '').replace(/^.*[\\/]/, '').replace(/\.[a-z0-9]{1,5}$/i, ''));
}

/** A text fit for a session file name: no path or reserved characters, no underscores (they separate its parts), 60 at most. */
function fileNameSafe(text: string): string {
  return text.replace(/[\\/:*?"<>|\r\n_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 60);
}
/**
 * The import timed and written as the device's texts (see timeImport).
 * @internal Exported for its tests.
 */
export function finishImport(imported: ImportedSession, circuits: readonly CircuitCandidate[], options: FinishImportOptions = {}): FinishedImport {
  const timed = timeImport(imported, circuits, options);
  return { ...timed, lapsText: serializeLaps(timed.laps), nmeaText: serializePositions(timed.positions) };
}

/** The circuit, the gates that time the laps and the laps (the module comment's step 3, before the texts are written). */
export function timeImport(imported: ImportedSession, circuits: readonly CircuitCandidate[], options: FinishImportOptions = {}): TimedImport {
  const picked: PickedCircuit<CircuitCandidate> | null =
    options.circuit !== undefined ? options.circuit && { circuit: options.circuit, distanceM: NaN } : pickCircuit(imported.positions, circuits);
  const circuit = picked ? picked.circuit : null;
  // An ASTRO session keeps the device's laps when its laps file came along; an nmea file picked alone has lap
  // numbers but no lap records, so its laps are detected from the circuit's gates like any other import.
  const keepDevice = imported.source === 'astro' && !options.redetect && imported.deviceLaps !== undefined;
  let positions = imported.positions;
  const crossings = imported.loggerLaps ? loggerCrossingsMs(imported.loggerLaps, imported.startedAt) : [];
  const loggerLaps = crossings.length > 0 ? crossings : null;
  let choice: TimingChoice | null = null;
  let laps: LapRecord[] = imported.deviceLaps ?? [];
  if (!keepDevice) {
    const circuitGates = circuit ? tryParseCoordinates(circuit.coordinates) : null;
    choice = chooseTiming({
      positions,
      circuit: circuit && circuitGates?.ok ? { gates: circuitGates.points, widthM: circuit.size, detection: picked?.detection } : null,
      fileGates: imported.fileGates,
      loggerCrossingsMs: loggerLaps,
      startFinish: options.startFinish,
      // An ASTRO nmea file keeps the lap numbers the device gave it.
      mayPropose: imported.source !== 'astro',
    });
    if (choice.detection) {
      positions = { ...positions, lap: choice.detection.lapOfFix.slice() };
      laps = choice.detection.records;
    } else {
      laps = [];
      if (imported.source !== 'astro') positions = { ...positions, lap: new Int32Array(positions.count) };
    }
  }
  const detection = choice?.detection ?? null;
  const name = sessionBaseName(imported, circuit, options.sourceName);
  return {
    source: imported.source,
    startedAt: imported.startedAt,
    circuit,
    circuitDistanceM: picked && Number.isFinite(picked.distanceM) ? picked.distanceM : null,
    positions,
    laps,
    lapSource: choice?.lapSource ?? (keepDevice ? 'device' : 'none'),
    detection,
    fileGates: choice?.fileGates ?? null,
    fileGatesIgnored: choice?.fileGatesIgnored ?? false,
    circuitLaps: choice?.circuitLaps ?? null,
    proposal: choice?.proposal ?? null,
    proposalFrom: choice?.proposalFrom ?? null,
    fileName: importFileName(imported.startedAt, name, options.utcOffsetMinutes),
    issues: imported.issues,
    loggerCrossingsMs: loggerLaps,
    loggerComparison: loggerLaps && detection ? compareLoggerLaps(detection.startFinishMs, loggerLaps) : null,
    timedAtLoggerLine: choice?.lapSource === 'logger-line',
    details: imported.details ?? null,
  };
}

/**
 * What names an imported session after its date: its circuit, else the track the logger says it was on, else the
 * picked file's base name.
 */
export function sessionBaseName(imported: ImportedSession, circuit: CircuitCandidate | null, sourceName: string | undefined): string {
  return circuit?.name ?? (fileNameSafe(imported.details?.venue ?? '') || sourceBaseName(sourceName) || 'Imported');
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

/**
 * Import of a picked file, run in the analysis worker (plain functions here; analysis-worker-api.ts adds the
 * transfers): the file is read by parts from its Blob, detected, timed against the circuits, written as device
 * texts and fingerprinted without a single task on the page. What comes back is small fields plus typed arrays
 * (the texts as UTF-8 bytes, the logger's crossings, a map trace), never an object per fix or per lap.
 *
 * A refusal comes back as a value, not a throw: Comlink's error path keeps only a message, and the page needs
 * the refusal's reason and detail to say it in the racer's language (import-errors.ts).
 */
import { prepareImport, type PreparedImport } from '../src/domain/file-formats/prepare-import';
import type { CircuitCandidate } from '../src/domain/file-formats/pick-circuit';
import type { FinishImportOptions } from '../src/domain/file-formats/time-import';
import { isImportError, type ImportErrorDetail, type ImportErrorReason } from '../src/domain/file-formats/import-errors';
import type { SessionDetails } from '../src/domain/file-formats/import-types';
import { blobSource, bytesSource } from '../src/domain/file-reading/byte-source';
import { sessionStatsFromLapsText } from '../src/domain/session-stats';
import { throttleProgress, type ImportProgressListener } from '../src/domain/file-formats/import-progress';

export interface ImportFileInput {
  fileName: string;
  /** The picked File (sent by reference, read by parts in the worker) or bytes already in memory. */
  file: Blob | Uint8Array;
  circuits: CircuitCandidate[];
  /** The file's lastModified (epoch ms): the date of a file with times of day only. */
  lastModified?: number;
  /** For ASTRO files: the laps file picked with the nmea file. */
  lapsText?: string;
  /** A start/finish the racer placed for a session with no circuit. */
  startFinish?: FinishImportOptions['startFinish'];
}

/** The proposed start/finish of a session near no circuit, for the racer to confirm or move. */
interface ImportProposal {
  lat: number;
  lon: number;
  headingDeg: number;
  widthM: number;
}

/** The logger's laps beside ours, in figures (domain/detection/logger-laps.ts compares them). */
interface ImportLoggerLaps {
  /** Complete laps the logger timed. */
  count: number;
  /** Of those, laps we timed too (both crossings matched). */
  matched: number;
  /** The largest difference over the matched laps, ours minus the logger's, ms (0 with none matched). */
  maxAbsDiffMs: number;
}

export interface ImportedFile {
  /** The stored session's file name (`YYYYMMDD_HHMM_<circuit>` in the track's time, or the picked file's name). */
  fileName: string;
  startedAt: string;
  /** The session's stored start: the first fix's UTC instant (domain/value-format/session-start.ts). */
  date: string;
  /** How much later than `date` the first fix may be, ms. */
  dateAccuracyMs: number;
  timeZone: string | null;
  contentHash: string;
  circuitId: number | string | null;
  lapSource: PreparedImport['lapSource'];
  /** Device-format laps and nmea texts, UTF-8. */
  lapsBytes: Uint8Array;
  nmeaBytes: Uint8Array;
  /**
   * The same texts as Blobs, for IndexedDB: built here because a Blob copies its bytes when made, and on the page
   * that copy of a 2 h session's 7 MB was a 35 ms task; a Blob crosses to the page by reference.
   */
  blobs: { laps: Blob; nmea: Blob };
  /** The laps of the stored laps file as the library counts them (session-stats: the In Lap and invalid laps too). */
  lapCount: number;
  /** The logger's own start/finish crossings, ms of session time; null when the file carries none. */
  loggerCrossingsMs: Float64Array | null;
  proposal: ImportProposal | null;
  /** Where the proposal comes from: the logger's own lap boundaries, or the trace's loop (null: no proposal). */
  proposalFrom: PreparedImport['proposalFrom'];
  /** The file brought its own gates (VBO [laptiming]) and not all of them timed the laps: said on the import line. */
  fileGatesIgnored: boolean;
  /** The logger's own laps against ours, for the import line; null when the file carries none it places. */
  loggerLaps: ImportLoggerLaps | null;
  /** The track for a map, at most TRACE_POINTS points (lat and lon interleaved). */
  trace: Float64Array;
  /** Fixes read from the file. */
  fixes: number;
  /** Who and what the file's logger says it recorded (driver, vehicle, track...), or null. */
  details: SessionDetails | null;
  timings: { importMs: number };
}

export type ImportOutcome = { ok: true; imported: ImportedFile } | { ok: false; reason: ImportErrorReason | null; detail: ImportErrorDetail; message: string };

/** Points of the map trace sent back (plenty for a line on a phone's map). */
const TRACE_POINTS = 2000;

function traceOf(p: PreparedImport['positions']): Float64Array {
  const step = Math.max(1, Math.ceil(p.count / TRACE_POINTS));
  const n = Math.ceil(p.count / step);
  const out = new Float64Array(n * 2);
  for (let k = 0, i = 0; i < p.count; i += step, k++) {
    out[2 * k] = p.lat[i];
    out[2 * k + 1] = p.lon[i];
  }
  return out;
}

/** Shortest time between two progress reports to the page, ms (a report is a message and a render there). */
const PROGRESS_INTERVAL_MS = 100;

/**
 * The picked file to what the library stores; never throws for a bad file (see ImportOutcome). `onProgress`: told
 * how far it is by bytes read and parsed, at most every PROGRESS_INTERVAL_MS (each stage's end always).
 */
export async function importFile(input: ImportFileInput, onProgress?: ImportProgressListener): Promise<ImportOutcome> {
  const t0 = performance.now();
  try {
    const source = input.file instanceof Uint8Array ? bytesSource(input.file) : blobSource(input.file);
    const progress = onProgress ? throttleProgress(onProgress, PROGRESS_INTERVAL_MS) : undefined;
    const p = await prepareImport({
      fileName: input.fileName,
      source,
      circuits: input.circuits,
      lastModified: input.lastModified,
      lapsText: input.lapsText,
      startFinish: input.startFinish,
      onProgress: progress,
    });
    const lapsBytes = new TextEncoder().encode(p.lapsText);
    const imported: ImportedFile = {
      fileName: p.fileName,
      startedAt: p.startedAt,
      date: p.date,
      dateAccuracyMs: p.dateAccuracyMs,
      timeZone: p.timeZone,
      contentHash: p.contentHash,
      circuitId: p.circuit?.id ?? null,
      lapSource: p.lapSource,
      lapsBytes,
      nmeaBytes: p.nmeaBytes,
      blobs: { laps: new Blob([lapsBytes]), nmea: new Blob([p.nmeaBytes as Uint8Array<ArrayBuffer>]) },
      lapCount: sessionStatsFromLapsText(p.lapsText).lapCount,
      loggerCrossingsMs: p.loggerCrossingsMs ? Float64Array.from(p.loggerCrossingsMs) : null,
      proposal: p.proposal ? { lat: p.proposal.gate.lat, lon: p.proposal.gate.lon, headingDeg: p.proposal.headingDeg, widthM: p.proposal.widthM } : null,
      proposalFrom: p.proposal ? p.proposalFrom : null,
      fileGatesIgnored: p.fileGatesIgnored,
      loggerLaps: p.loggerCrossingsMs
        ? { count: Math.max(0, p.loggerCrossingsMs.length - 1), matched: p.loggerComparison?.matches.length ?? 0, maxAbsDiffMs: p.loggerComparison?.maxAbsDiffMs ?? 0 }
        : null,
      trace: traceOf(p.positions),
      fixes: p.positions.count,
      details: p.details,
      timings: { importMs: performance.now() - t0 },
    };
    return { ok: true, imported };
  } catch (e) {
    if (isImportError(e)) return { ok: false, reason: e.reason, detail: e.detail, message: e.message };
    return { ok: false, reason: null, detail: {}, message: e instanceof Error ? e.message : String(e) };
  }
}

/** The buffers of an outcome, for the transfer list. */
export function importBuffers(outcome: ImportOutcome): ArrayBuffer[] {
  if (!outcome.ok) return [];
  const i = outcome.imported;
  return [i.lapsBytes.buffer, i.nmeaBytes.buffer, i.trace.buffer, ...(i.loggerCrossingsMs ? [i.loggerCrossingsMs.buffer] : [])] as ArrayBuffer[];
}

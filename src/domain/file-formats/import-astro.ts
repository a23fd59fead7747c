/**
 * ASTRO's own files (docs/device-protocol.md, 'File contents'), read with the core's parsers: the nmea file into
 * positions with the device's lap numbers, the laps file (optional) into the device's lap records. The session
 * start is the device's wall-clock time in the session file name (`YYYYMMDD_HHMM_<circuit>`, no zone), or the
 * fallback date when the file was renamed.
 */
import { parseLapsText } from '../parse-laps';
import { parsePositionsBytes, parsePositionsText } from '../parse-positions';
import { parseSessionFileName, sessionIsoDate } from '../value-format/session-name';
import { isDomainError } from '../errors';
import { ImportError } from './import-errors';
import { isoOf } from './import-columns';
import type { ImportOptions, ImportedSession } from './import-types';

/** A device nmea line: `<lap>;<timeMs>;<lat>;<lon>;<kmh>` or without timeMs. */
const ASTRO_LINE = /^\s*\d+;(?:\d+(?:\.\d+)?;)?[+-]?\d+(?:\.\d+)?;[+-]?\d+(?:\.\d+)?;[+-]?\d+(?:\.\d+)?\s*$/;

export function looksLikeAstroNmea(text: string): boolean {
  const first = text.slice(0, 1024).split(/\r?\n/).find((l) => l.trim() !== '');
  return first !== undefined && ASTRO_LINE.test(first);
}

export interface AstroFiles {
  /** The nmea file, as bytes (fast path) or text. */
  nmea: Uint8Array | string;
  /** The laps file, when the user picked it too. */
  laps?: string;
  /** The session's file name (either file's name without '.laps'/'.nmea' style suffixes is fine). */
  fileName?: string;
}

export function importAstro(files: AstroFiles, options: ImportOptions = {}): ImportedSession {
  const parsed = typeof files.nmea === 'string' ? parsePositionsText(files.nmea) : parsePositionsBytes(files.nmea);
  if (parsed.positions.count === 0) {
    throw new ImportError(parsed.corruptLines > 0 ? 'unknown-format' : 'empty-file', 'The ASTRO nmea file has no position line.');
  }
  const issues = [...parsed.issues];
  let deviceLaps;
  if (files.laps !== undefined) {
    const laps = parseLapsText(files.laps);
    deviceLaps = laps.laps;
    for (const i of laps.issues) issues.push({ line: i.line, reason: `laps file: ${i.reason}` });
  }
  return {
    positions: parsed.positions,
    startedAt: startFromFileName(files.fileName, options),
    source: 'astro',
    issues,
    deviceLaps,
  };
}

function startFromFileName(fileName: string | undefined, options: ImportOptions): string {
  const base = (fileName ?? '').replace(/^.*[\\/]/, '').replace(/\.(?:laps|nmea|txt|csv)$/i, '');
  try {
    return sessionIsoDate(parseSessionFileName(base));
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
  const fallback = options.fallbackDate;
  const ms = typeof fallback === 'number' ? fallback : fallback !== undefined ? Date.parse(fallback) : NaN;
  if (!Number.isFinite(ms)) throw new ImportError('missing-date', 'The ASTRO file name carries no date and no fallback date was given.');
  return isoOf(ms);
}

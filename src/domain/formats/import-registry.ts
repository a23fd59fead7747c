/**
 * Every import format, as one list: detection tries them in order (content first; the file name's extension
 * only breaks ties when no content matched). To add a format, write its importer in this folder and add ONE
 * entry to IMPORT_FORMATS (put more specific formats before looser ones: a CSV dialect before the generic CSV).
 *
 * A format sees the file as `ImportInput`: the raw bytes (binary formats: FIT, MP4) and the text decoded
 * from them as UTF-8 on first use (text formats), so a binary file is never decoded as text for nothing.
 */
import { importAstro, looksLikeAstroNmea } from './import-astro';
import { importCsv, looksLikeCsvExport } from './import-csv';
import { importGpx, looksLikeGpx } from './import-gpx';
import { importKml, looksLikeKml } from './import-kml';
import { importNmea0183, looksLikeNmea0183 } from './import-nmea0183';
import { importRaceChronoCsv, looksLikeRaceChronoCsv } from './import-racechrono-csv';
import type { ImportOptions, ImportedSession } from './import-types';
import { importVbo, looksLikeVbo } from './import-vbo';

export interface ImportInput {
  fileName: string;
  /** The file's bytes as read. */
  readonly bytes: Uint8Array;
  /** The bytes as UTF-8 text (decoded once, on first use). */
  readonly text: string;
  /** The first HEAD_BYTES as text: what detection looks at (a 200 MB file is not decoded whole to be refused). */
  readonly head: string;
}

/** How much of a file detection looks at (VBOX headers list 100+ channels, so more than a few KiB). */
export const HEAD_BYTES = 65_536;

export interface ImportFileOptions extends ImportOptions {
  /** For ASTRO files: the matching laps file's text, if the user picked it. */
  astroLaps?: string;
}

export interface ImportFormat {
  /** Stored as ImportedSession.source. */
  id: string;
  /** Human name for messages ('VBO', 'GPX'). */
  label: string;
  /** Lower-case extensions without the dot: the tie-break when no format recognises the content. */
  extensions: readonly string[];
  /** True when the content is this format (cheap: looks at the start of the file). */
  detect(input: ImportInput): boolean;
  read(input: ImportInput, options: ImportFileOptions): ImportedSession;
}

const text = (detect: (text: string) => boolean) => (input: ImportInput) => detect(input.head);

export const IMPORT_FORMATS: readonly ImportFormat[] = [
  { id: 'gpx', label: 'GPX', extensions: ['gpx'], detect: text(looksLikeGpx), read: (i) => importGpx(i.text) },
  { id: 'kml', label: 'KML', extensions: ['kml'], detect: text(looksLikeKml), read: (i) => importKml(i.text) },
  { id: 'csv', label: 'ASTRO Companion CSV', extensions: [], detect: text(looksLikeCsvExport), read: (i, o) => importCsv(i.text, o) },
  { id: 'vbo', label: 'VBO', extensions: ['vbo'], detect: text(looksLikeVbo), read: (i, o) => importVbo(i.text, o) },
  { id: 'racechrono-csv', label: 'RaceChrono CSV v3', extensions: [], detect: text(looksLikeRaceChronoCsv), read: (i) => importRaceChronoCsv(i.text) },
  { id: 'nmea', label: 'NMEA 0183', extensions: [], detect: text(looksLikeNmea0183), read: (i, o) => importNmea0183(i.text, o) },
  {
    id: 'astro',
    label: 'ASTRO',
    extensions: [],
    detect: text(looksLikeAstroNmea),
    read: (i, o) => importAstro({ nmea: i.text, laps: o.astroLaps, fileName: i.fileName }, o),
  },
];

/** An ImportInput over bytes or already decoded text. */
export function importInput(fileName: string, content: Uint8Array | string): ImportInput {
  let bytes: Uint8Array | null = typeof content === 'string' ? null : content;
  let decoded: string | null = typeof content === 'string' ? content : null;
  let head: string | null = null;
  return {
    fileName,
    get head() {
      head ??= decoded !== null ? decoded.slice(0, HEAD_BYTES) : new TextDecoder().decode((bytes ?? new Uint8Array(0)).subarray(0, HEAD_BYTES));
      return head;
    },
    get bytes() {
      bytes ??= new TextEncoder().encode(decoded ?? '');
      return bytes;
    },
    get text() {
      decoded ??= new TextDecoder().decode(bytes ?? new Uint8Array(0));
      return decoded;
    },
  };
}

/** The format of a file from its content; the extension only breaks ties. null: none of ours. */
export function detectFormat(input: ImportInput): ImportFormat | null {
  return detectByContent(input) ?? detectByExtension(input.fileName);
}

/** The first format (in list order) that recognises the content. */
export function detectByContent(input: ImportInput): ImportFormat | null {
  return IMPORT_FORMATS.find((f) => f.detect(input)) ?? null;
}

/** The format a file name's extension names, if any. */
export function detectByExtension(fileName: string): ImportFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ext && IMPORT_FORMATS.find((f) => f.extensions.includes(ext))) || null;
}

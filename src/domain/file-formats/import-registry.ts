/**
 * Every text format import reads, in the order detection tries them: a simple list, one entry per format, so a
 * new format is one import and one line (binary formats: import-binary.ts, tried first). Detection is by content:
 * `looksLike` is given the file's first HEAD_BYTES only (so a 200 MB file is not decoded whole to be refused);
 * `extensions` only break ties when no content matched.
 */
import { importAstro, looksLikeAstroNmea } from './import-astro';
import { importAlfanoCsv, looksLikeAlfanoCsv } from './import-alfano-csv';
import { importAimCsv, importMotecCsv, looksLikeAimCsv, looksLikeMotecCsv } from './import-channel-export';
import { importCsv, looksLikeCsvExport } from './import-csv';
import { importDovex, looksLikeDovex } from './import-dovex';
import { importGpx, looksLikeGpx } from './import-gpx';
import { importHarrysCsv, looksLikeHarrysCsv } from './import-harrys-csv';
import { importKml, looksLikeKml } from './import-kml';
import { importNmea0183, looksLikeNmea0183 } from './import-nmea0183';
import { importRaceBoxCsv, looksLikeRaceBoxCsv } from './import-racebox-csv';
import { importRaceChronoCsv, looksLikeRaceChronoCsv } from './import-racechrono-csv';
import { importRaceChronoCsvV2, looksLikeRaceChronoCsvV2 } from './import-racechrono-csv-v2';
import { importTrackAddictCsv, looksLikeTrackAddictCsv } from './import-trackaddict-csv';
import type { ImportOptions, ImportSource, ImportedSession } from './import-types';
import { importVbo, looksLikeVbo } from './import-vbo';

export interface ImportReadOptions extends ImportOptions {
  /** For ASTRO files: the matching laps file's text, if the user picked it. */
  astroLaps?: string;
  /** The file's name, for formats that read something from it (ASTRO, Alfano: the date). */
  fileName?: string;
}

interface TextImporter {
  source: ImportSource;
  /** The format's name as racers know it, for messages. */
  label: string;
  looksLike(text: string): boolean;
  read(text: string, options: ImportReadOptions): ImportedSession;
  /** Reads the file's bytes without decoding them whole (large row-per-fix formats); preferred over `read` when given. */
  readBytes?(bytes: Uint8Array, options: ImportReadOptions): ImportedSession;
  /** Lower-case extensions that pick this format when no content matched. */
  extensions?: readonly string[];
}

const TEXT_IMPORTERS: readonly TextImporter[] = [
  { source: 'gpx', label: 'GPX', looksLike: looksLikeGpx, read: (text) => importGpx(text), extensions: ['gpx'] },
  { source: 'kml', label: 'KML', looksLike: looksLikeKml, read: (text) => importKml(text), extensions: ['kml'] },
  { source: 'dovex', label: 'Dove/LapWing', looksLike: looksLikeDovex, read: (text) => importDovex(text), extensions: ['dovex', 'dove'] },
  { source: 'csv', label: 'ASTRO Companion CSV', looksLike: looksLikeCsvExport, read: importCsv },
  { source: 'vbo', label: 'VBO', looksLike: looksLikeVbo, read: importVbo, readBytes: importVbo, extensions: ['vbo'] },
  { source: 'racechrono-csv', label: 'RaceChrono CSV v3', looksLike: looksLikeRaceChronoCsv, read: (text) => importRaceChronoCsv(text) },
  { source: 'aim-csv', label: 'AiM Race Studio CSV', looksLike: looksLikeAimCsv, read: importAimCsv },
  { source: 'motec-csv', label: 'MoTeC i2 CSV', looksLike: looksLikeMotecCsv, read: importMotecCsv },
  { source: 'racechrono-csv-v2', label: 'RaceChrono CSV v2', looksLike: looksLikeRaceChronoCsvV2, read: (text) => importRaceChronoCsvV2(text) },
  { source: 'racebox-csv', label: 'RaceBox CSV', looksLike: looksLikeRaceBoxCsv, read: (text) => importRaceBoxCsv(text) },
  { source: 'trackaddict-csv', label: 'TrackAddict CSV', looksLike: looksLikeTrackAddictCsv, read: importTrackAddictCsv },
  { source: 'alfano-csv', label: 'Alfano CSV', looksLike: looksLikeAlfanoCsv, read: importAlfanoCsv, readBytes: importAlfanoCsv },
  { source: 'harrys-csv', label: "Harry's LapTimer CSV", looksLike: looksLikeHarrysCsv, read: (text) => importHarrysCsv(text) },
  { source: 'nmea', label: 'NMEA 0183', looksLike: looksLikeNmea0183, read: importNmea0183 },
  {
    source: 'astro',
    label: 'ASTRO',
    looksLike: looksLikeAstroNmea,
    read: (text, options) => importAstro({ nmea: text, laps: options.astroLaps, fileName: options.fileName ?? '' }, options),
  },
];

/** How much of a file text detection looks at (VBOX headers list 100+ channels, so more than a few KiB). */
const HEAD_BYTES = 65_536;

/** A picked file as detection and the importers see it: bytes, and the text decoded once on first use. */
export interface ImportInput {
  fileName: string;
  readonly bytes: Uint8Array;
  readonly text: string;
  /** The first HEAD_BYTES as text. */
  readonly head: string;
}

/** An ImportInput over bytes or already decoded text (each converted lazily). */
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

/** The first text importer (in list order) that recognises the content. */
export function importerByContent(input: ImportInput): TextImporter | null {
  return TEXT_IMPORTERS.find((i) => i.looksLike(input.head)) ?? null;
}

/** The text importer a file name's extension names, if any. */
export function importerByExtension(fileName: string): TextImporter | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ext && TEXT_IMPORTERS.find((i) => i.extensions?.includes(ext))) || null;
}

/** Every text format's name, for the message that refuses a file as none of them. */
export function importerLabels(): string {
  return TEXT_IMPORTERS.map((i) => i.label).join(', ');
}

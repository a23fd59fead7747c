/**
 * Files picked together for import: an ASTRO session is two files, laps and nmea, named after the
 * session; every other format is one file. Loaded on demand by the library's import button.
 */
import { looksLikeAstroNmea } from '../../../domain/file-formats/import-astro';
import { parseLapsText } from '../../../domain/parse-laps';

/**
 * An ASTRO laps file: lap lines only (docs/device-protocol.md, 'File contents'), none of them corrupt.
 * @internal Exported for its tests.
 */
export function looksLikeAstroLaps(text: string): boolean {
  if (looksLikeAstroNmea(text)) return false;
  const parsed = parseLapsText(text);
  return parsed.laps.length > 0 && parsed.issues.length === 0;
}

/** A session file name without the suffixes that tell an ASTRO laps file from its nmea file. */
const baseName = (name: string) => name.replace(/\.(laps|nmea|txt|log)$/i, '').replace(/[._ -](laps|nmea)$/i, '');

export interface ImportGroups<T> {
  /** One import per file; an ASTRO nmea file carries its laps file when one was picked with it. */
  imports: { file: T; laps?: T }[];
  /** ASTRO laps files picked without a matching nmea file (they hold no positions to import). */
  lapsWithoutPositions: T[];
}

/**
 * Groups the files picked together: each ASTRO laps file joins the ASTRO nmea file of the same base name (the
 * device names both after the session), or the only nmea file when exactly one of each was picked.
 */
export function groupImportFiles<T extends { name: string; text: string }>(files: readonly T[]): ImportGroups<T> {
  const lapsFiles = files.filter((f) => looksLikeAstroLaps(f.text));
  const others = files.filter((f) => !lapsFiles.includes(f));
  const astro = others.filter((f) => looksLikeAstroNmea(f.text));
  const used = new Set<T>();
  const imports = others.map((file) => {
    if (!astro.includes(file)) return { file };
    let laps = lapsFiles.find((l) => !used.has(l) && baseName(l.name) === baseName(file.name));
    if (!laps && astro.length === 1 && lapsFiles.length === 1) laps = lapsFiles[0];
    if (!laps) return { file };
    used.add(laps);
    return { file, laps };
  });
  return { imports, lapsWithoutPositions: lapsFiles.filter((l) => !used.has(l)) };
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../../../../src/domain/errors';
import { importFile } from '../../../../src/domain/file-formats/read-import-file';
import { importGpx } from '../../../../src/domain/file-formats/import-gpx';
import { importNmea0183 } from '../../../../src/domain/file-formats/import-nmea0183';
import { importRaceChronoCsv } from '../../../../src/domain/file-formats/import-racechrono-csv';
import { importVbo } from '../../../../src/domain/file-formats/import-vbo';
import { importAstro } from '../../../../src/domain/file-formats/import-astro';
import { importAlfanoCsv } from '../../../../src/domain/file-formats/import-alfano-csv';
import { writeAlfano } from './alfano-csv-writer';
import { writeGpx, writeNmea0183, writeVbo } from './format-writers';
import { sample, wavyMotion } from '../synthetic-track';

const START = Date.UTC(2026, 3, 12, 10, 0, 0);
const small = sample(wavyMotion(30, 6, 17, 4));
const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const csvHead = readFileSync(new URL('tianma-racechrono-lap9-v3.csv', FIXTURES), 'utf8').slice(0, 6000);
const samples: [string, (text: string) => unknown][] = [
  ['vbo', (t) => importVbo(t, { fallbackDate: START })],
  ['nmea', (t) => importNmea0183(t, { fallbackDate: START })],
  ['gpx', (t) => importGpx(t)],
  ['csv', (t) => importRaceChronoCsv(t)],
  ['astro', (t) => importAstro({ nmea: t }, { fallbackDate: START })],
  ['alfano', (t) => importAlfanoCsv(t, { fallbackDate: START })],
  ['any', (t) => importFile('file', t, { fallbackDate: START })],
];
const valid: Record<string, string> = {
  vbo: writeVbo(small, START),
  nmea: writeNmea0183(small, START),
  gpx: writeGpx(small, START, true),
  csv: csvHead,
  astro: '1;0;41.5;-8.4;10\n1;40;41.5001;-8.4;10.5\n',
  alfano: writeAlfano(small, START, [1000, 3000], { style: 'eu', blankRows: true }),
  any: writeVbo(small, START),
};

/** Runs an importer and accepts only a result or a DomainError (ImportError is one). */
function onlyTypedErrors(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(isDomainError(error), String(error)).toBe(true);
  }
}

/** A valid file with random edits: characters replaced, inserted, deleted, or the end cut off. */
const mutation = (text: string) =>
  fc
    .array(fc.record({ at: fc.nat({ max: text.length }), kind: fc.constantFrom('replace', 'insert', 'delete', 'cut'), char: fc.constantFrom(';', ',', '<', '>', '"', '\n', '\r', '$', '*', '.', '-', '[', ']', '0', '9', 'x', ' ', '\u0000', 'é') }), { minLength: 1, maxLength: 8 })
    .map((edits) => {
      let s = text;
      for (const e of edits) {
        const at = Math.min(e.at, s.length);
        if (e.kind === 'replace') s = s.slice(0, at) + e.char + s.slice(at + 1);
        else if (e.kind === 'insert') s = s.slice(0, at) + e.char + s.slice(at);
        else if (e.kind === 'delete') s = s.slice(0, at) + s.slice(at + 1);
        else s = s.slice(0, at);
      }
      return s;
    });

describe('importers on hostile input', () => {
  for (const [name, run] of samples) {
    it(`${name}: random text never throws anything but a typed error`, () => {
      fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => onlyTypedErrors(() => run(text))), { numRuns: 150 });
    });

    it(`${name}: a mutated valid file never throws anything but a typed error`, () => {
      fc.assert(fc.property(mutation(valid[name]), (text) => onlyTypedErrors(() => run(text))), { numRuns: 150 });
    });
  }
});

/**
 * Circuits as ASTRO stores them (docs/device-protocol.md, 'Circuits as the device stores them'): per country, lines
 * `<type>;<name>;<coordinates>;<size>`, packed into CIRCUIT_DATA blocks of at most 494 bytes.
 *
 * Every line ends with `\n` and blocks split on line boundaries, so the device rebuilds the text by concatenating
 * the blocks verbatim; only a single line longer than a block is cut inside the line (on a character boundary).
 * Only circuits with a country name, a type name and coordinates are sent.
 */
import { MAX_CIRCUIT_BLOCK_BYTES } from '../protocol/limits';
import { utf8Length } from '../protocol/text';

export interface SyncCircuit {
  name: string;
  typeName?: string | null;
  countryName?: string | null;
  coordinates?: string | null;
  size?: number | string | null;
}

export interface CountryBlocks {
  country: string;
  blocks: string[];
}

function circuitLine(c: SyncCircuit): string {
  return `${c.typeName};${c.name};${(c.coordinates ?? '').trim()};${c.size ?? ''}`;
}

/** Cuts `text` into pieces of at most `max` UTF-8 bytes, never inside a character. */
function cut(text: string, max: number): string[] {
  const out: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const ch of text) {
    const n = utf8Length(ch);
    if (bytes + n > max) {
      out.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += ch;
    bytes += n;
  }
  if (piece) out.push(piece);
  return out;
}

/**
 * Packs lines (each with its `\n`) into blocks of at most `max` bytes.
 * @internal Exported for its tests.
 */
export function packLines(lines: string[], max = MAX_CIRCUIT_BLOCK_BYTES): string[] {
  const blocks: string[] = [];
  let block = '';
  let bytes = 0;
  for (const raw of lines) {
    const line = `${raw}\n`;
    const n = utf8Length(line);
    if (n > max) {
      if (block) blocks.push(block);
      block = '';
      bytes = 0;
      for (const piece of cut(line, max)) blocks.push(piece);
      continue;
    }
    if (bytes + n > max) {
      blocks.push(block);
      block = '';
      bytes = 0;
    }
    block += line;
    bytes += n;
  }
  if (block) blocks.push(block);
  return blocks;
}

/** Groups sendable circuits by country (countries and circuits in name order) and packs each country's lines. */
export function planCircuitSync(circuits: SyncCircuit[]): CountryBlocks[] {
  const byCountry = new Map<string, SyncCircuit[]>();
  for (const c of circuits) {
    const country = c.countryName?.trim();
    if (!country || !c.typeName?.trim() || !c.coordinates?.trim()) continue;
    const list = byCountry.get(country) ?? [];
    list.push(c);
    byCountry.set(country, list);
  }
  return [...byCountry.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([country, list]) => ({
      country,
      blocks: packLines(list.sort((a, b) => a.name.localeCompare(b.name)).map(circuitLine)),
    }));
}

/**
 * The circuit list's rows: circuits whose coordinates parse to at least one point; filtered by
 * country, type and a case- and accent-insensitive text over name, description, country and type names; sorted by
 * country then name. Those texts are the ones shown (`shown`: in the reader's language), so a search for
 * 'Alemanha' finds the German circuits in Portuguese.
 */
import type { Circuit } from '../../contracts/entities';
import { tryParseCoordinates } from '../../domain/value-format/coordinates';
import type { GatePoint } from '../../domain/session-types';

export interface CircuitFilters {
  countryId: number | null;
  typeId: number | null;
  text: string;
}

export interface CircuitListRow {
  circuit: Circuit;
  gates: GatePoint[];
}

/** The texts of a circuit as the list shows them. */
export interface ShownCircuitTexts {
  country: string;
  type: string;
  description: string;
}

const storedTexts = (c: Circuit): ShownCircuitTexts => ({ country: c.country?.name ?? '', type: c.type?.name ?? '', description: c.description });

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Circuits with usable coordinates, each with its parsed gates. Empty or malformed coordinates are dropped. */
export function usableCircuits(circuits: readonly Circuit[]): CircuitListRow[] {
  const out: CircuitListRow[] = [];
  for (const circuit of circuits) {
    const parsed = tryParseCoordinates(circuit.coordinates);
    if (parsed.ok && parsed.points.length > 0) out.push({ circuit, gates: parsed.points });
  }
  return out;
}

export function filterCircuits(
  rows: readonly CircuitListRow[],
  f: CircuitFilters,
  shown: (c: Circuit) => ShownCircuitTexts = storedTexts,
  compare: (a: string, b: string) => number = (a, b) => a.localeCompare(b),
): CircuitListRow[] {
  const words = fold(f.text).split(/\s+/).filter(Boolean);
  return rows
    .map((row) => ({ row, texts: shown(row.circuit) }))
    .filter(({ row: { circuit: c }, texts }) => {
      if (f.countryId !== null && c.countryId !== f.countryId) return false;
      if (f.typeId !== null && c.typeId !== f.typeId) return false;
      if (words.length === 0) return true;
      const hay = fold([c.name, texts.description, texts.country, texts.type].join(' '));
      return words.every((w) => hay.includes(w));
    })
    .sort((a, b) => compare(a.texts.country, b.texts.country) || compare(a.row.circuit.name, b.row.circuit.name))
    .map(({ row }) => row);
}

/** The circuit shown in the preview: the one chosen while it is listed, else the first listed; null when none is. */
export function selectedCircuitRow(rows: readonly CircuitListRow[], selectedId: number | null): CircuitListRow | null {
  return rows.find((r) => r.circuit.id === selectedId) ?? rows[0] ?? null;
}

/**
 * The circuit list's rows: circuits whose coordinates parse to at least one point; filtered by
 * country, type and a case- and accent-insensitive text over name, description, country and type names; sorted by
 * country then name.
 */
import type { Circuit } from '../../contracts/entities';
import { tryParseCoordinates } from '../../domain/format/coordinates';
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

export function filterCircuits(rows: readonly CircuitListRow[], f: CircuitFilters): CircuitListRow[] {
  const words = fold(f.text).split(/\s+/).filter(Boolean);
  return rows
    .filter(({ circuit: c }) => {
      if (f.countryId !== null && c.countryId !== f.countryId) return false;
      if (f.typeId !== null && c.typeId !== f.typeId) return false;
      if (words.length === 0) return true;
      const hay = fold([c.name, c.description, c.country?.name ?? '', c.type?.name ?? ''].join(' '));
      return words.every((w) => hay.includes(w));
    })
    .sort((a, b) => (a.circuit.country?.name ?? '').localeCompare(b.circuit.country?.name ?? '') || a.circuit.name.localeCompare(b.circuit.name));
}

import { describe, expect, it } from 'vitest';
import type { Circuit } from '../../../../src/contracts/entities';
import { filterCircuits, selectedCircuitRow, usableCircuits } from '../../../../src/features/circuits/circuit-filter';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
function circuit(id: number, name: string, coordinates: string, over: Partial<Circuit> = {}): Circuit {
  return {
    id, userId: null, name, typeId: 1, countryId: 1, description: '', configuration: 'Regular', direction: 'Clockwise', length: 1000, coordinates, size: 10,
    type: { id: 1, name: 'Kart' }, country: { id: 1, name: 'Portugal', timezone: 'Europe/Lisbon' }, ...stamps, ...over,
  };
}

const all = [
  circuit(1, 'Kartódromo de Braga', '41.5;-8.4;41.51;-8.41', { description: 'Fast and flowing' }),
  circuit(2, 'No gates', ''),
  circuit(3, 'Broken', '41.5;oops'),
  circuit(4, 'Jarama', '40.6;-3.58', { countryId: 2, country: { id: 2, name: 'Spain', timezone: 'Europe/Madrid' }, typeId: 2, type: { id: 2, name: 'Car' } }),
  circuit(5, 'Algarve', '37.23;-8.63', { typeId: 2, type: { id: 2, name: 'Car' } }),
];

describe('circuit list rows', () => {
  it('drops circuits without coordinates or with malformed ones and parses the gates of the others', () => {
    const rows = usableCircuits(all);
    expect(rows.map((r) => r.circuit.id)).toEqual([1, 4, 5]);
    expect(rows[0].gates).toEqual([
      { lat: 41.5, lon: -8.4 },
      { lat: 41.51, lon: -8.41 },
    ]);
  });

  it('filters by country, type and accent-insensitive words, sorted by country then name', () => {
    const rows = usableCircuits(all);
    const none = { countryId: null, typeId: null, text: '' };
    expect(filterCircuits(rows, none).map((r) => r.circuit.name)).toEqual(['Algarve', 'Kartódromo de Braga', 'Jarama']);
    expect(filterCircuits(rows, { ...none, countryId: 2 }).map((r) => r.circuit.id)).toEqual([4]);
    expect(filterCircuits(rows, { ...none, typeId: 2 }).map((r) => r.circuit.id)).toEqual([5, 4]);
    expect(filterCircuits(rows, { ...none, text: 'KARTODROMO braga' }).map((r) => r.circuit.id)).toEqual([1]);
    expect(filterCircuits(rows, { ...none, text: 'flowing' }).map((r) => r.circuit.id)).toEqual([1]);
    expect(filterCircuits(rows, { ...none, text: 'spain' }).map((r) => r.circuit.id)).toEqual([4]);
    expect(filterCircuits(rows, { countryId: 1, typeId: 2, text: 'braga' })).toEqual([]);
  });
});

describe('circuit list rows in the reader language', () => {
  it('searches and sorts by the shown country, type and description', () => {
    const rows = usableCircuits(all);
    const none = { countryId: null, typeId: null, text: '' };
    const pt: Record<string, string> = { Portugal: 'Portugal', Spain: 'Espanha', Kart: 'Kartódromo', Car: 'Automóvel' };
    const shown = (c: Circuit) => ({ country: pt[c.country?.name ?? ''] ?? '', type: pt[c.type?.name ?? ''] ?? '', description: c.id === 1 ? 'Rápido e fluido' : c.description });
    expect(filterCircuits(rows, { ...none, text: 'espanha' }, shown).map((r) => r.circuit.id)).toEqual([4]);
    expect(filterCircuits(rows, { ...none, text: 'automovel' }, shown).map((r) => r.circuit.id)).toEqual([4, 5]);
    expect(filterCircuits(rows, { ...none, text: 'rapido' }, shown).map((r) => r.circuit.id)).toEqual([1]);
    // 'Espanha' sorts before 'Portugal', where 'Spain' sorted after it.
    expect(filterCircuits(rows, none, shown).map((r) => r.circuit.id)).toEqual([4, 5, 1]);
  });
});

describe('the circuit the preview shows', () => {
  it('is the one chosen while it is listed, else the first listed, else none', () => {
    const rows = usableCircuits(all);
    expect(selectedCircuitRow(rows, rows[1].circuit.id)).toBe(rows[1]);
    expect(selectedCircuitRow(rows, null)).toBe(rows[0]);
    expect(selectedCircuitRow(rows.slice(1), rows[0].circuit.id)).toBe(rows[1]);
    expect(selectedCircuitRow([], 1)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { circuitWriteSchema, coordinatesTextSchema, countryWriteSchema, namedWriteSchema, vehicleCategoryWriteSchema } from '../../src/contracts/entities';
import { circuitTypes } from '../../server/db/seed-data/circuit-types';
import { circuits } from '../../server/db/seed-data/circuits';
import { countries } from '../../server/db/seed-data/countries';
import { vehicleCategories } from '../../server/db/seed-data/vehicle-categories';
import { vehicleTypes } from '../../server/db/seed-data/vehicle-types';

/** Great-circle distance in metres (haversine, mean Earth radius). */
function distanceM(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** The coordinates text as [lat, lon] gate centres. */
function gates(coordinates: string): [number, number][] {
  const numbers = coordinates.split(';').map(Number);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) out.push([numbers[i]!, numbers[i + 1]!]);
  return out;
}

const lower = (s: string) => s.toLowerCase();
const duplicates = (names: string[]) => names.filter((n, i) => names.indexOf(n) !== i);
/** Device file names and circuit lines carry these names: printable ASCII and never the ';' separator. */
const deviceSafe = /^[\x20-\x3a\x3c-\x7e]+$/;

describe('seed data: countries', () => {
  it('has unique names (case-insensitive) that pass the country write schema', () => {
    expect(duplicates(countries.map((c) => lower(c.name)))).toEqual([]);
    for (const country of countries) expect(countryWriteSchema.safeParse({ name: country.name, timezone: country.timezone }).success, country.name).toBe(true);
  });

  it('uses IANA time zones the runtime knows', () => {
    for (const { name, timezone } of countries) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: timezone }), `${name}: ${timezone}`).not.toThrow();
      expect(timezone, name).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_]+$/);
    }
  });
});

describe('seed data: circuit types, vehicle types and categories', () => {
  it('has unique, device-safe circuit type names including kart and full-size types', () => {
    const names = circuitTypes.map((t) => t.name);
    expect(duplicates(names.map(lower))).toEqual([]);
    for (const name of names) {
      expect(namedWriteSchema.safeParse({ name }).success, name).toBe(true);
      expect(name).toMatch(deviceSafe);
    }
    expect(names).toContain('Kart');
    expect(names).toContain('Racing Circuit');
  });

  it('has the three vehicle types, unique', () => {
    const names = vehicleTypes.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Kart', 'Motorcycle', 'Car']));
    expect(duplicates(names.map(lower))).toEqual([]);
  });

  it('gives every vehicle category an existing vehicle type and a name unique across all types', () => {
    expect(duplicates(vehicleCategories.map((c) => lower(c.name)))).toEqual([]);
    for (const category of vehicleCategories) {
      expect(vehicleTypes.map((t) => t.name), category.name).toContain(category.vehicleType);
      expect(vehicleCategoryWriteSchema.safeParse({ name: category.name, vehicleTypeId: 1 }).success, category.name).toBe(true);
    }
    for (const { name: type } of vehicleTypes) {
      expect(vehicleCategories.filter((c) => c.vehicleType === type).length, type).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('seed data: European Portuguese texts', () => {
  /** A pt-pt text is non-empty and trimmed (class names may equal the English). */
  const ptOk = (pt: string) => pt.trim() === pt && pt.length > 0;

  it('gives every seeded country, type, category and circuit description a pt-pt text', () => {
    for (const c of countries) expect(ptOk(c.namePt), c.name).toBe(true);
    for (const t of [...circuitTypes, ...vehicleTypes]) expect(ptOk(t.namePt), t.name).toBe(true);
    for (const c of vehicleCategories) expect(ptOk(c.namePt), c.name).toBe(true);
    for (const c of circuits) {
      expect(ptOk(c.descriptionPt), c.name).toBe(true);
      expect(c.descriptionPt, c.name).not.toBe(c.description);
    }
  });

  it('writes the names in Portuguese, not English', () => {
    const pt = (name: string) => countries.find((c) => c.name === name)?.namePt;
    expect([pt('Germany'), pt('Italy'), pt('Spain'), pt('United Kingdom')]).toEqual(['Alemanha', 'Itália', 'Espanha', 'Reino Unido']);
    expect(circuitTypes.find((t) => t.name === 'Kart')?.namePt).toBe('Kartódromo');
    expect(vehicleTypes.find((t) => t.name === 'Car')?.namePt).toBe('Automóvel');
    expect(vehicleCategories.find((c) => c.name === 'Rental kart')?.namePt).toBe('Kart de aluguer');
  });
});

describe('seed data: circuits', () => {
  it('has at least 24 circuits in at least 8 countries, with both kart and full-size circuits', () => {
    expect(circuits.length).toBeGreaterThanOrEqual(24);
    expect(new Set(circuits.map((c) => c.country)).size).toBeGreaterThanOrEqual(8);
    expect(circuits.filter((c) => c.type === 'Kart').length).toBeGreaterThanOrEqual(3);
    expect(circuits.filter((c) => c.type !== 'Kart').length).toBeGreaterThanOrEqual(3);
  });

  it('has unique, device-safe ASCII names', () => {
    expect(duplicates(circuits.map((c) => lower(c.name)))).toEqual([]);
    for (const { name } of circuits) expect(name).toMatch(deviceSafe);
  });

  it('resolves every type and country name', () => {
    const countryNames = countries.map((c) => c.name);
    for (const circuit of circuits) {
      expect(circuitTypes.map((t) => t.name), circuit.name).toContain(circuit.type);
      expect(countryNames, circuit.name).toContain(circuit.country);
    }
  });

  it('passes the circuit write schema (ids stand in for the resolved names)', () => {
    for (const circuit of circuits) {
      const { type: _type, country: _country, descriptionPt: _pt, ...fields } = circuit;
      const parsed = circuitWriteSchema.safeParse({ ...fields, typeId: 1, countryId: 1 });
      expect(parsed.success, `${circuit.name}: ${parsed.error?.message ?? ''}`).toBe(true);
    }
  });

  it('gives every circuit exactly 3 gates in the device coordinates format with 6 decimals', () => {
    for (const { name, coordinates } of circuits) {
      expect(coordinatesTextSchema.safeParse(coordinates).success, name).toBe(true);
      const parts = coordinates.split(';');
      expect(parts, name).toHaveLength(6);
      for (const part of parts) expect(part, name).toMatch(/^-?\d{1,3}\.\d{6}$/);
      for (const [lat, lon] of gates(coordinates)) {
        expect(Math.abs(lat), name).toBeLessThanOrEqual(90);
        expect(Math.abs(lon), name).toBeLessThanOrEqual(180);
      }
    }
  });

  it('places the gates of one circuit between 50 m and 10 km from each other', () => {
    for (const { name, coordinates } of circuits) {
      const [a, b, c] = gates(coordinates) as [[number, number], [number, number], [number, number]];
      for (const [p, q] of [[a, b], [b, c], [a, c]] as const) {
        const d = distanceM(p, q);
        expect(d, `${name}: ${d.toFixed(0)} m`).toBeGreaterThanOrEqual(50);
        expect(d, `${name}: ${d.toFixed(0)} m`).toBeLessThanOrEqual(10_000);
      }
    }
  });

  it('keeps every gate within half a lap of the start/finish gate and sizes gates by circuit type', () => {
    for (const { name, coordinates, length, size, type } of circuits) {
      const [start, ...sectors] = gates(coordinates);
      for (const sector of sectors) expect(distanceM(start!, sector), name).toBeLessThanOrEqual(length / 2);
      if (type === 'Kart') expect(size, name).toBeGreaterThanOrEqual(10);
      if (type === 'Kart') expect(size, name).toBeLessThanOrEqual(18);
      else expect(size, name).toBeGreaterThanOrEqual(18);
      expect(length, name).toBeGreaterThan(type === 'Kart' ? 500 : 1500);
    }
  });

  it('includes the two circuits whose gates come from the real logs', () => {
    const rustavi = circuits.find((c) => c.name === 'Rustavi International Motorpark');
    const tianma = circuits.find((c) => c.name === 'Tianma Circuit');
    expect(rustavi?.country).toBe('Georgia');
    expect(tianma?.country).toBe('China');
    // Rustavi is at about 41.57 N 44.95 E, Tianma at about 31.08 N 121.12 E.
    expect(distanceM(gates(rustavi!.coordinates)[0]!, [41.57, 44.95])).toBeLessThan(2000);
    expect(distanceM(gates(tianma!.coordinates)[0]!, [31.078, 121.115])).toBeLessThan(2000);
  });
});

/** The admin circuit form (pure): validity and the write body sent to /admin/circuits. */
import type { Circuit } from '../../contracts/entities';
import { formatCoordinates, tryParseCoordinates } from '../../domain/value-format/coordinates';

export interface CircuitForm {
  name: string;
  countryId: string | null;
  typeId: string | null;
  description: string;
  configuration: Circuit['configuration'];
  direction: Circuit['direction'];
  length: number | string;
  size: number | string;
  coordinates: string;
}

export const emptyCircuitForm = (): CircuitForm => ({
  name: '',
  countryId: null,
  typeId: null,
  description: '',
  configuration: 'Regular',
  direction: 'Clockwise',
  length: 0,
  size: 10,
  coordinates: '',
});

/** The form is saveable: required fields present, numbers in range, at least one gate, coordinates parse. */
export function circuitFormValid(f: CircuitForm): boolean {
  const parsed = tryParseCoordinates(f.coordinates);
  const length = Number(f.length);
  const size = Number(f.size);
  return (
    f.name.trim() !== '' &&
    f.countryId !== null &&
    f.typeId !== null &&
    parsed.ok &&
    parsed.points.length >= 1 &&
    Number.isFinite(length) &&
    length >= 0 &&
    length <= 100_000 &&
    Number.isFinite(size) &&
    size >= 1 &&
    size <= 100
  );
}

/** Form -> write body (coordinates normalised, no trailing ';'). */
export function circuitWriteBody(f: CircuitForm) {
  const parsed = tryParseCoordinates(f.coordinates);
  return {
    name: f.name.trim(),
    countryId: Number(f.countryId),
    typeId: Number(f.typeId),
    description: f.description,
    configuration: f.configuration,
    direction: f.direction,
    length: Number(f.length),
    size: Number(f.size),
    coordinates: parsed.ok ? formatCoordinates(parsed.points) : f.coordinates,
  };
}

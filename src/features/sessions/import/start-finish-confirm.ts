/**
 * Confirming a proposed start/finish in one tap: the circuit is saved as the dialog would save it untouched (the
 * picked file's base name, the country whose zone the track is in, the first circuit type), so a racer who agrees
 * with the line need not open the map. In a batch, a file whose line lies on a circuit saved moments before (the
 * same track driven twice) is timed with that circuit instead of a second copy of it.
 */
import type { Country, CircuitType } from '../../../contracts/entities';
import { haversineM } from '../../../domain/geo-distance';
import type { GatePoint } from '../../../domain/session-types';
import type { StartFinishSave } from '../shared';

/** The picked file's name without its extension, as the circuit's first name. */
export const circuitNameOfFile = (fileName: string): string =>
  fileName
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 120);

/** The proposal's fields the defaults need. */
interface ProposalAt {
  lat: number;
  lon: number;
  widthM: number;
  timeZone: string | null;
}

/** The country whose zone the track is in, when one is (the dialog preselects the same). */
export function countryOfZone(
  countries: readonly Country[],
  timeZone: string | null,
): Country | undefined {
  return timeZone ? countries.find((c) => c.timezone === timeZone) : undefined;
}

/**
 * What the dialog saves when the racer changes nothing; null when it cannot be chosen without them (no country
 * in the track's zone, or no circuit type known yet): the dialog opens instead.
 */
export function defaultStartFinish(
  fileName: string,
  proposal: ProposalAt,
  countries: readonly Country[],
  types: readonly CircuitType[],
): StartFinishSave | null {
  const country = countryOfZone(countries, proposal.timeZone);
  const name = circuitNameOfFile(fileName);
  if (!country || types.length === 0 || name === '') return null;
  return {
    name,
    countryId: country.id,
    typeId: types[0].id,
    gate: { lat: proposal.lat, lon: proposal.lon },
    widthM: proposal.widthM,
  };
}

/**
 * Lines this close are the same track's start/finish: far under the 2 km within which an import picks a circuit,
 * and far over the metres two files' proposals of one line differ by.
 */
const SAME_LINE_M = 200;

/** Of the circuits saved so far in a batch, the one whose line is this proposal's (undefined: none). */
export function savedCircuitAt<T extends { gate: GatePoint }>(
  saved: readonly T[],
  proposal: GatePoint,
): T | undefined {
  return saved.find(
    (s) =>
      haversineM(s.gate.lat, s.gate.lon, proposal.lat, proposal.lon) <=
      SAME_LINE_M,
  );
}

/**
 * Translation keys of the reference data's display texts (country, circuit type, vehicle type and category
 * names, circuit descriptions, firmware notes). Each row's text is kept once, in English, in its own table; its
 * other languages are translation overrides (the admin Translations screen) under one key per row and field:
 * 'ref:country.12.name', 'ref:circuit.7.description', 'ref:firmware.1.5.0.notes'.
 *
 * The row part is the database id (the version for firmware, which has no other stable name): an admin may rename
 * a country, but its id never changes and is never reused, so a rename keeps its translations and a new row never
 * inherits an old one's. The seed looks its rows up by their seeded name once and writes the key of the id it finds,
 * so an install seeded long ago gets the same keys as a fresh one. Server SQL builds the same keys (the
 * reference_texts view); keep the two in step.
 *
 * No zod here: the app shell's translation loader reads these on the first view.
 */
export const REFERENCE_TEXT_NS = 'ref';

export type ReferenceTextKind = 'country' | 'circuitType' | 'vehicleType' | 'vehicleCategory' | 'circuit' | 'firmware';
export type ReferenceTextField = 'name' | 'description' | 'notes';

/** The key inside the `ref` namespace ('country.12.name'); the namespace keeps it flat (never split on dots). */
export function referenceTextPath(kind: ReferenceTextKind, id: number | string, field: ReferenceTextField): string {
  return `${kind}.${id}.${field}`;
}

/** The full translation key ('ref:country.12.name'), as stored in translation overrides and missing translations. */
export function referenceTextKey(kind: ReferenceTextKind, id: number | string, field: ReferenceTextField): string {
  return `${REFERENCE_TEXT_NS}:${referenceTextPath(kind, id, field)}`;
}

/** The prefix of every key of one row ('ref:country.12.'), to drop them with the row. */
export function referenceRowKeyPrefix(kind: ReferenceTextKind, id: number | string): string {
  return `${REFERENCE_TEXT_NS}:${kind}.${id}.`;
}

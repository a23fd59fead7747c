/**
 * Where map marks are, as [name, lat, lon] with lat and lon rounded to 1e-7 degrees (~1 cm): what the map writes
 * on its element for the e2e to read.
 */
export function roundedPositions<T extends { lat: number; lon: number }>(items: readonly T[], nameOf: (item: T) => string | number): [string | number, number, number][] {
  return items.map((m) => [nameOf(m), Math.round(m.lat * 1e7) / 1e7, Math.round(m.lon * 1e7) / 1e7]);
}

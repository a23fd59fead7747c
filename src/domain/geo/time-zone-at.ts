/**
 * The IANA time zone at a place, offline (tz-lookup: the zones' borders as a compact polygon index, about 70 kB,
 * no network): where a session's first fix was is the zone its track's clocks show. A country's single zone would be
 * wrong in a country of several.
 */
import tzLookup from '@photostructure/tz-lookup';

/** The zone at a position (degrees), null when the lookup cannot say (out of range, not a number). */
export function timeZoneAt(lat: number, lon: number): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

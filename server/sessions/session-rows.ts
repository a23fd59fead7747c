import type { SessionSummary } from '../../src/contracts/entities';
import type { Visibility } from '../../src/contracts/visibility';
import { iso } from '../validate';

/** The session's own columns of a summary (never the texts `coordinates` and `laps`, up to 25 MB). */
export const SESSION_OWN_COLUMNS = `s.id, s.name, s.filename, s.user_id, s.circuit_id, s.vehicle_category_id, s.date, s.favorite,
  s.weather_conditions, s.laps_bytes, s.coordinates_bytes, s.best_lap_ms, s.lap_count, s.visibility, s.created_at, s.updated_at`;

/** A summary's FROM clause: the session with its owner, circuit (country, type) and vehicle category. */
export const SUMMARY_FROM = `sessions s
  join users u on u.id = s.user_id
  left join circuits c on c.id = s.circuit_id
  left join countries co on co.id = c.country_id
  left join circuit_types ct on ct.id = c.type_id
  left join vehicle_categories vc on vc.id = s.vehicle_category_id`;

/** A summary's SELECT list over SUMMARY_FROM. */
export const SUMMARY_COLUMNS = `${SESSION_OWN_COLUMNS},
  c.name as circuit_name, co.name as country_name, ct.name as type_name, c.coordinates as circuit_coordinates,
  c.size::float8 as circuit_size, vc.name as vehicle_category_name, u.first_name as user_first_name`;

/** A summary row: timestamps are Dates from a plain query, ISO strings from the data table's JSON page. */
export interface SummaryRow {
  id: number;
  name: string;
  filename: string;
  user_id: number;
  circuit_id: number | null;
  vehicle_category_id: number | null;
  date: Date | string;
  favorite: boolean;
  weather_conditions: string | null;
  laps_bytes: number;
  coordinates_bytes: number;
  best_lap_ms: number | null;
  lap_count: number;
  visibility: Visibility;
  created_at: Date | string;
  updated_at: Date | string;
  circuit_name: string | null;
  country_name: string | null;
  type_name: string | null;
  circuit_coordinates: string | null;
  circuit_size: number | null;
  vehicle_category_name: string | null;
  user_first_name: string;
}

export function toSummary(r: SummaryRow): SessionSummary {
  return {
    id: r.id,
    name: r.name,
    filename: r.filename,
    userId: r.user_id,
    circuitId: r.circuit_id,
    vehicleCategoryId: r.vehicle_category_id,
    date: iso(r.date),
    favorite: r.favorite,
    weatherConditions: r.weather_conditions,
    lapsBytes: r.laps_bytes,
    coordinatesBytes: r.coordinates_bytes,
    bestLapMs: r.best_lap_ms,
    lapCount: r.lap_count,
    circuit:
      r.circuit_id !== null && r.circuit_name !== null
        ? { id: r.circuit_id, name: r.circuit_name, countryName: r.country_name, typeName: r.type_name, coordinates: r.circuit_coordinates ?? '', size: r.circuit_size ?? 0 }
        : null,
    vehicleCategory: r.vehicle_category_name !== null ? { name: r.vehicle_category_name } : null,
    user: { firstName: r.user_first_name },
    visibility: r.visibility,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

import type { SessionSummary } from '../../src/contracts/entities';
import type { TableDef } from '../datatable/datatable';
import { SESSION_OWN_COLUMNS, SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './session-rows';

/** Fields marked `notNull` are NOT NULL columns (or an inner join's): their ORDER BY matches migration 030's indexes. */
const sessionFields: TableDef<SummaryRow, SessionSummary>['fields'] = {
  id: { sql: 's.id', type: 'numeric', notNull: true },
  name: { sql: 's.name', type: 'text', notNull: true, lowerSql: 's.name_lower' },
  filename: { sql: 's.filename', type: 'text', notNull: true },
  circuitId: { sql: 's.circuit_id', type: 'numeric' },
  vehicleCategoryId: { sql: 's.vehicle_category_id', type: 'numeric' },
  date: { sql: 's.date', type: 'date', notNull: true },
  favorite: { sql: 's.favorite', type: 'boolean', notNull: true },
  weatherConditions: { sql: 's.weather_conditions', type: 'text' },
  bestLapMs: { sql: 's.best_lap_ms', type: 'numeric' },
  lapCount: { sql: 's.lap_count', type: 'numeric', notNull: true },
  visibility: { sql: 's.visibility', type: 'text', notNull: true },
  createdAt: { sql: 's.created_at', type: 'date', notNull: true },
  updatedAt: { sql: 's.updated_at', type: 'date', notNull: true },
  'circuit.name': { sql: 'c.name', type: 'text', joins: ['c'] },
  circuitName: { sql: 'c.name', type: 'text', joins: ['c'] },
  'vehicleCategory.name': { sql: 'vc.name', type: 'text', joins: ['vc'] },
  vehicleCategoryName: { sql: 'vc.name', type: 'text', joins: ['vc'] },
};

/**
 * Page keys and counts come from `sessions` alone plus the joins a filter or sort needs (see runDataTable): the
 * users join is inner but along the NOT NULL foreign key user_id, so leaving it out never changes the count.
 */
const SESSIONS_KEY_QUERY: TableDef<SummaryRow, SessionSummary>['keyQuery'] = {
  base: 'sessions s',
  key: 's.id',
  joins: {
    u: 'join users u on u.id = s.user_id',
    c: 'left join circuits c on c.id = s.circuit_id',
    vc: 'left join vehicle_categories vc on vc.id = s.vehicle_category_id',
  },
  // SUMMARY_COLUMNS for the page's rows alone: the circuit's values from one lateral lookup per row (five scalar
  // subqueries cost ~1.5 ms more for a 50-row page on PGlite), the two other names as scalar subqueries. `offset 0`
  // keeps the lateral subquery from being flattened into a join, which would cost the planner more than it saves.
  select: `${SESSION_OWN_COLUMNS},
    cx.circuit_name, cx.country_name, cx.type_name, cx.circuit_coordinates, cx.circuit_size,
    (select x.name from vehicle_categories x where x.id = s.vehicle_category_id) as vehicle_category_name,
    (select x.first_name from users x where x.id = s.user_id) as user_first_name`,
  selectJoins: `left join lateral (
      select x.name as circuit_name, co.name as country_name, ct.name as type_name, x.coordinates as circuit_coordinates,
        x.size::float8 as circuit_size
      from circuits x join countries co on co.id = x.country_id join circuit_types ct on ct.id = x.type_id
      where x.id = s.circuit_id offset 0) cx on true`,
};

/** The racer's table (default sort favorite descending). */
export const sessionsTable: TableDef<SummaryRow, SessionSummary> = {
  from: SUMMARY_FROM,
  select: SUMMARY_COLUMNS,
  fields: sessionFields,
  defaultSort: { field: 'favorite', order: 'desc' },
  tieBreaker: 's.date desc, s.id desc',
  keyQuery: SESSIONS_KEY_QUERY,
  map: toSummary,
};

/** The admin's table: every user's sessions, plus the user's first name (default sort firstName descending). */
export const adminSessionsTable: TableDef<SummaryRow, SessionSummary> = {
  ...sessionsTable,
  fields: {
    ...sessionFields,
    userId: { sql: 's.user_id', type: 'numeric', notNull: true },
    firstName: { sql: 'u.first_name', type: 'text', notNull: true, joins: ['u'] },
    'user.firstName': { sql: 'u.first_name', type: 'text', notNull: true, joins: ['u'] },
  },
  defaultSort: { field: 'firstName', order: 'desc' },
};

-- Leaderboards. A driver's best lap on a filter is the smallest `sessions.best_lap_ms` (the session's
-- best valid lap, written from the same parsed laps as `session_laps` in one transaction) among their sessions
-- matching the filter. The leaderboard walks sessions in (best lap, date, id) order through these partial indexes
-- and stops as soon as it has the Top N drivers, so its cost grows with N, not with the number of laps stored.
create index sessions_lb_all on sessions (best_lap_ms, date, id) where best_lap_ms is not null and circuit_id is not null;
create index sessions_lb_circuit on sessions (circuit_id, best_lap_ms, date, id) where best_lap_ms is not null;
create index sessions_lb_category on sessions (vehicle_category_id, best_lap_ms, date, id) where best_lap_ms is not null and circuit_id is not null;
create index sessions_lb_circuit_category on sessions (circuit_id, vehicle_category_id, best_lap_ms, date, id) where best_lap_ms is not null;
-- Country and circuit-type filters expand to their circuits.
create index circuits_country on circuits (country_id);
create index circuits_type on circuits (type_id);
-- The optimal lap of a winning session: its valid laps' best sectors (session_laps_session covers the lookup).

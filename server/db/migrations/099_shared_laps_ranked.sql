-- "Compare with..." lists the same lap a leaderboard would rank: a session's plausible fastest lap (ranked_lap_ms,
-- migration 060), not its raw best (a 1 ms lap with no positions listed first before).
drop index if exists sessions_shared_circuit;
create index sessions_shared_circuit on sessions (circuit_id, ranked_lap_ms, id) where visibility <> 'private' and ranked_lap_ms is not null;

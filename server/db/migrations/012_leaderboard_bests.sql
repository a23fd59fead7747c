-- Leaderboards, second step: one row per (driver, circuit, vehicle category) with that driver's best
-- valid lap there, kept by a trigger on sessions. A leaderboard walks this small table in best-lap order and stops
-- once it has the Top N drivers, whatever the number of laps stored (benchmark: tests/bench/leaderboard.bench.ts).
-- Only sessions with a circuit and a best valid lap (sessions.best_lap_ms > 0) are ranked.
create table leaderboard_bests (
  user_id integer not null references users(id) on delete cascade,
  circuit_id integer not null,
  vehicle_category_id integer,
  session_id integer not null,
  best_lap_ms integer not null,
  date timestamptz not null
);
create unique index leaderboard_bests_key on leaderboard_bests (user_id, circuit_id, coalesce(vehicle_category_id, 0));
create index leaderboard_bests_all on leaderboard_bests (best_lap_ms, date, session_id);
create index leaderboard_bests_circuit on leaderboard_bests (circuit_id, best_lap_ms, date, session_id);
create index leaderboard_bests_category on leaderboard_bests (vehicle_category_id, best_lap_ms, date, session_id);
create index leaderboard_bests_circuit_category on leaderboard_bests (circuit_id, vehicle_category_id, best_lap_ms, date, session_id);

-- Recomputing one group reads that driver's sessions there through this index.
create index sessions_lb_group on sessions (user_id, circuit_id, vehicle_category_id, best_lap_ms, date, id) where best_lap_ms is not null;
-- The session-order indexes of 010 are no longer read.
drop index if exists sessions_lb_all;
drop index if exists sessions_lb_circuit;
drop index if exists sessions_lb_category;
drop index if exists sessions_lb_circuit_category;

create function leaderboard_refresh(p_user integer, p_circuit integer, p_category integer) returns void language plpgsql as $$
begin
  if p_circuit is null then
    return;
  end if;
  delete from leaderboard_bests
    where user_id = p_user and circuit_id = p_circuit and vehicle_category_id is not distinct from p_category;
  insert into leaderboard_bests (user_id, circuit_id, vehicle_category_id, session_id, best_lap_ms, date)
    select s.user_id, s.circuit_id, s.vehicle_category_id, s.id, s.best_lap_ms, s.date
    from sessions s
    where s.user_id = p_user and s.circuit_id = p_circuit and s.vehicle_category_id is not distinct from p_category
      and s.best_lap_ms is not null and s.best_lap_ms > 0
    order by s.best_lap_ms, s.date, s.id
    limit 1;
end
$$;

create function sessions_leaderboard_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' or tg_op = 'DELETE' then
    perform leaderboard_refresh(old.user_id, old.circuit_id, old.vehicle_category_id);
  end if;
  if tg_op = 'INSERT' or tg_op = 'UPDATE' then
    perform leaderboard_refresh(new.user_id, new.circuit_id, new.vehicle_category_id);
  end if;
  return null;
end
$$;

create trigger sessions_leaderboard_sync
  after insert or delete or update of user_id, circuit_id, vehicle_category_id, best_lap_ms, date on sessions
  for each row execute function sessions_leaderboard_sync();

-- Sessions stored before this migration.
insert into leaderboard_bests (user_id, circuit_id, vehicle_category_id, session_id, best_lap_ms, date)
  select distinct on (s.user_id, s.circuit_id, s.vehicle_category_id) s.user_id, s.circuit_id, s.vehicle_category_id, s.id, s.best_lap_ms, s.date
  from sessions s
  where s.circuit_id is not null and s.best_lap_ms is not null and s.best_lap_ms > 0
  order by s.user_id, s.circuit_id, s.vehicle_category_id, s.best_lap_ms, s.date, s.id;

-- Leaderboards rank only plausible laps. A lap time above zero is not enough: an upload with one lap of 1 ms and no
-- positions took position 1. A session's ranked lap (sessions.ranked_lap_ms) is its fastest valid lap that is
-- (a) no shorter than the circuit's length driven at the top speed of the session's vehicle type (and never under
-- 10 s, the shortest lap lap detection counts), and (b) from a session whose positions cross the circuit's
-- start/finish line at least twice (one whole lap through the line; checked by the server when the session is
-- stored or moved to another circuit: sessions.crosses_finish, null = not checked yet). best_lap_ms stays the
-- racer's own figure; leaderboard_bests now follows ranked_lap_ms.

-- Highest speed a vehicle of this type reaches on a circuit, km/h (null: 500, the parser's physical bound).
alter table vehicle_types add column top_speed_kmh integer check (top_speed_kmh is null or top_speed_kmh between 20 and 500);
update vehicle_types set top_speed_kmh = 260 where lower(name) = 'kart';
update vehicle_types set top_speed_kmh = 380 where lower(name) = 'motorcycle';
update vehicle_types set top_speed_kmh = 420 where lower(name) = 'car';

alter table sessions add column crosses_finish boolean;
alter table sessions add column ranked_lap_ms integer;

-- The shortest plausible lap of a session, ms: its circuit's length at its vehicle type's top speed, at least 10 s.
create function session_min_lap_ms(p_session integer) returns integer language sql stable as $$
  select greatest(10000, ceil(coalesce(c.length, 0) / (coalesce(vt.top_speed_kmh, 500) / 3.6) * 1000))::integer
  from sessions s
    left join circuits c on c.id = s.circuit_id
    left join vehicle_categories vc on vc.id = s.vehicle_category_id
    left join vehicle_types vt on vt.id = vc.vehicle_type_id
  where s.id = p_session
$$;

-- Recomputes one session's ranked lap from its stored laps (after its laps, circuit, category or check changed).
create function session_rank_refresh(p_session integer) returns void language plpgsql as $$
declare
  min_ms integer := session_min_lap_ms(p_session);
begin
  update sessions s set ranked_lap_ms = case
      when s.circuit_id is not null and s.crosses_finish then
        (select min(l.time_ms) from session_laps l where l.session_id = s.id and l.valid and l.time_ms >= min_ms)
    end
  where s.id = p_session and ranked_lap_ms is distinct from case
      when s.circuit_id is not null and s.crosses_finish then
        (select min(l.time_ms) from session_laps l where l.session_id = s.id and l.valid and l.time_ms >= min_ms)
    end;
end
$$;

create or replace function leaderboard_refresh(p_user integer, p_circuit integer, p_category integer) returns void language plpgsql as $$
declare
  best record;
begin
  if p_circuit is null then
    return;
  end if;
  select s.id, s.ranked_lap_ms, s.date into best
    from sessions s
    where s.user_id = p_user and s.circuit_id = p_circuit and s.vehicle_category_id is not distinct from p_category
      and s.ranked_lap_ms is not null
    order by s.ranked_lap_ms, s.date, s.id
    limit 1;
  if not found then
    delete from leaderboard_bests
      where user_id = p_user and circuit_id = p_circuit and vehicle_category_id is not distinct from p_category;
    return;
  end if;
  update leaderboard_bests
    set session_id = best.id, best_lap_ms = best.ranked_lap_ms, date = best.date
    where user_id = p_user and circuit_id = p_circuit and vehicle_category_id is not distinct from p_category
      and (session_id, best_lap_ms, date) is distinct from (best.id, best.ranked_lap_ms, best.date);
  if not found then
    insert into leaderboard_bests (user_id, circuit_id, vehicle_category_id, session_id, best_lap_ms, date)
      values (p_user, p_circuit, p_category, best.id, best.ranked_lap_ms, best.date)
      on conflict do nothing;
  end if;
end
$$;

drop trigger sessions_leaderboard_sync_update on sessions;
create trigger sessions_leaderboard_sync_update
  after update of user_id, circuit_id, vehicle_category_id, ranked_lap_ms, date on sessions
  for each row
  when ((old.user_id, old.circuit_id, old.vehicle_category_id, old.ranked_lap_ms, old.date)
        is distinct from (new.user_id, new.circuit_id, new.vehicle_category_id, new.ranked_lap_ms, new.date))
  execute function sessions_leaderboard_sync();

drop index if exists sessions_lb_group;
create index sessions_lb_group on sessions (user_id, circuit_id, vehicle_category_id, ranked_lap_ms, date, id) where ranked_lap_ms is not null;

-- Sessions stored before: not checked yet (crosses_finish null), so unranked until the server has checked their
-- positions (it does so in the background after start, server/sessions/finish-check.ts).
delete from leaderboard_bests;

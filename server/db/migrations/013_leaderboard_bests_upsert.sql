-- Leaderboards, third step: keep leaderboard_bests without churn. 012 deleted and re-inserted a driver's row on
-- every session write, which leaves a dead tuple each time; PGlite has no autovacuum, so the index walk slowed down
-- as dead entries piled up. Now a row is only written when the best session of its group actually changes, and
-- the update trigger fires only when a ranked column changes value.
create or replace function leaderboard_refresh(p_user integer, p_circuit integer, p_category integer) returns void language plpgsql as $$
declare
  best record;
begin
  if p_circuit is null then
    return;
  end if;
  select s.id, s.best_lap_ms, s.date into best
    from sessions s
    where s.user_id = p_user and s.circuit_id = p_circuit and s.vehicle_category_id is not distinct from p_category
      and s.best_lap_ms is not null and s.best_lap_ms > 0
    order by s.best_lap_ms, s.date, s.id
    limit 1;
  if not found then
    delete from leaderboard_bests
      where user_id = p_user and circuit_id = p_circuit and vehicle_category_id is not distinct from p_category;
    return;
  end if;
  update leaderboard_bests
    set session_id = best.id, best_lap_ms = best.best_lap_ms, date = best.date
    where user_id = p_user and circuit_id = p_circuit and vehicle_category_id is not distinct from p_category
      and (session_id, best_lap_ms, date) is distinct from (best.id, best.best_lap_ms, best.date);
  if not found then
    insert into leaderboard_bests (user_id, circuit_id, vehicle_category_id, session_id, best_lap_ms, date)
      values (p_user, p_circuit, p_category, best.id, best.best_lap_ms, best.date)
      on conflict do nothing;
  end if;
end
$$;

drop trigger sessions_leaderboard_sync on sessions;
create trigger sessions_leaderboard_sync_insert_delete
  after insert or delete on sessions
  for each row execute function sessions_leaderboard_sync();
create trigger sessions_leaderboard_sync_update
  after update of user_id, circuit_id, vehicle_category_id, best_lap_ms, date on sessions
  for each row
  when ((old.user_id, old.circuit_id, old.vehicle_category_id, old.best_lap_ms, old.date)
        is distinct from (new.user_id, new.circuit_id, new.vehicle_category_id, new.best_lap_ms, new.date))
  execute function sessions_leaderboard_sync();

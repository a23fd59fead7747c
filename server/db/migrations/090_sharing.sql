-- Sharing: who sees each session, teams and their invitations.
-- Every session stored so far stays private; a racer's default for new sessions is private until they choose.
alter table sessions add column visibility text not null default 'private' check (visibility in ('private', 'team', 'public'));
alter table users add column default_visibility text not null default 'private' check (default_visibility in ('private', 'team', 'public'));
-- The fastest shared laps of a circuit ("Compare with...") walk this index; private sessions (most) are not in it.
create index sessions_shared_circuit on sessions (circuit_id, best_lap_ms, id) where visibility <> 'private' and best_lap_ms > 0;

create table teams (
  id serial primary key,
  name text not null,
  owner_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now()
);
create index teams_owner on teams (owner_id);

-- A coach is a member who shares nothing: their own sessions are never shown to the team.
create table team_members (
  team_id integer not null references teams(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  role text not null check (role in ('racer', 'coach')),
  joined_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
create index team_members_user on team_members (user_id, team_id);

-- Invitations by e-mail address: the link's token is stored as a SHA-256 hash, used once, and expires.
create table team_invitations (
  id serial primary key,
  team_id integer not null references teams(id) on delete cascade,
  inviter_id integer not null references users(id) on delete cascade,
  email text not null,
  role text not null check (role in ('racer', 'coach')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index team_invitations_email on team_invitations (lower(email)) where used_at is null;
-- Invitations sent by one racer in the last day (the spam bound).
create index team_invitations_inviter on team_invitations (inviter_id, created_at);

-- The day (YYYY-MM-DD) of an instant at a circuit's zone: what a shared lap tells of when it was driven (never the
-- time of day). A zone name PostgreSQL does not know falls back to UTC rather than failing the query.
create function sharing_local_day(p_at timestamptz, p_zone text) returns text language plpgsql stable as $$
begin
  return to_char(p_at at time zone coalesce(p_zone, 'UTC'), 'YYYY-MM-DD');
exception when others then
  return to_char(p_at at time zone 'UTC', 'YYYY-MM-DD');
end
$$;

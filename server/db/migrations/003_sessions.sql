-- Sessions. The position text can be 25 MB: list queries never select `coordinates`.
create table sessions (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  name text not null,
  filename text not null,
  circuit_id integer references circuits(id) on delete set null,
  vehicle_category_id integer references vehicle_categories(id) on delete set null,
  date timestamptz not null,
  coordinates text not null default '',
  laps text not null default '',
  favorite boolean not null default false,
  weather_conditions text,
  laps_bytes integer not null default 0,
  coordinates_bytes integer not null default 0,
  -- SHA-256 of laps + NUL + coordinates: tells a retried upload (same content) from a different file.
  content_sha256 text not null,
  best_lap_ms integer,
  lap_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Exactly-once uploads: one row per (user, device file name).
create unique index sessions_user_filename_key on sessions (user_id, filename);
create index sessions_user_favorite on sessions (user_id, favorite desc, id desc);
create index sessions_circuit on sessions (circuit_id);

-- Parsed lap lines, for leaderboards (one row per lap line the parser accepted; lap 0 excluded by the parser).
create table session_laps (
  session_id integer not null references sessions(id) on delete cascade,
  lap_number integer not null,
  time_ms integer not null,
  s1_ms integer not null,
  s2_ms integer not null,
  s3_ms integer not null,
  valid boolean not null
);
create index session_laps_session on session_laps (session_id, lap_number);
create index session_laps_valid_time on session_laps (valid, time_ms);

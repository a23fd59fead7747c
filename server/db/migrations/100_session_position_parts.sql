-- A session's position text (up to 40 MiB) is kept in parts of at most 256 KiB (server/sessions/position-parts.ts),
-- never as one value. The embedded database runs one statement at a time: one 40 MiB statement held every other
-- request for about a second and grew its WASM memory by a few hundred MB for good; parts are written one statement
-- each, with other requests' statements in between.
-- A part is either an upload's, staged before its transaction (upload_key, removed when the upload ends or, after a
-- crash, an hour later), or a stored session's (session_id, removed with it).
create table session_position_parts (
  session_id integer references sessions (id) on delete cascade,
  upload_key uuid,
  seq integer not null check (seq >= 0),
  part text not null,
  staged_at timestamptz not null default now(),
  check ((session_id is null) <> (upload_key is null))
);
-- Parts are compressed one by one as they are written (a few ms each); a stored text is rarely read.
create unique index session_position_parts_session on session_position_parts (session_id, seq) where session_id is not null;
create unique index session_position_parts_upload on session_position_parts (upload_key, seq) where upload_key is not null;
create index session_position_parts_staged on session_position_parts (staged_at) where upload_key is not null;

insert into session_position_parts (session_id, seq, part)
select s.id, k, substr(s.coordinates, 1 + k * 262144, 262144)
from sessions s cross join lateral generate_series(0, (length(s.coordinates) - 1) / 262144) as k
where s.coordinates <> '';

alter table sessions drop column coordinates;

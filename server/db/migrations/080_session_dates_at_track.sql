-- A session's date is its first fix's instant. Apps before this one dated every session from its file name's
-- wall-clock time (the track's, YYYYMMDD_HHMM, to the minute), read in the zone of the device that stored it, or
-- sent with no zone at all (read as UTC): hours off for a track in another zone. Where the session's circuit's
-- country has a zone this server knows, the date becomes that name's time in that zone. Left as they are: dates not
-- on a whole minute (already a first fix's instant), names that are no device name or no real date, and sessions
-- with no circuit (the app that holds their positions finds the zone at the first fix and sends the date itself).
with named as (
  select s.id,
    substr(s.filename, 1, 4)::int as y, substr(s.filename, 5, 2)::int as mo, substr(s.filename, 7, 2)::int as d,
    substr(s.filename, 10, 2)::int as h, substr(s.filename, 12, 2)::int as mi, c.timezone as tz
  from sessions s
  join circuits ci on ci.id = s.circuit_id
  join countries c on c.id = ci.country_id
  where s.filename ~ '^(19[7-9][0-9]|[2-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])_([01][0-9]|2[0-3])[0-5][0-9]_'
    and date_trunc('minute', s.date) = s.date
    and c.timezone in (select name from pg_timezone_names)
), dated as (
  -- Built from parts (a 30 February rolls over and is dropped below; to_timestamp would stop the migration).
  select id, d, tz, (make_date(y, mo, 1) + (d - 1)) + make_interval(hours => h, mins => mi) as wall from named
)
update sessions s
  set date = dated.wall at time zone dated.tz
  from dated
  where s.id = dated.id
    and extract(day from dated.wall) = dated.d
    and s.date is distinct from (dated.wall at time zone dated.tz);

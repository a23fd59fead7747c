-- Rate-limit and abuse counters shared by every API process on one PostgreSQL (server/counters): one row per key
-- (a SHA-256 of the limit's name and its subject), its count in the current fixed window and when that ends.
-- The embedded database counts in memory instead (one process); the table is there and stays empty.
create table rate_counters (
  key text primary key,
  count integer not null,
  ends_at timestamptz not null
);
create index rate_counters_ends_at on rate_counters (ends_at);

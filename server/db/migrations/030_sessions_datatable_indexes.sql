-- Sessions data tables (target: p99 <= 20 ms at 10,000 sessions). The data table takes a page's ids from
-- `sessions` alone, walking these indexes in the requested order and stopping after the page, then joins for those
-- rows only (server/datatable/datatable.ts, keyQuery). The ORDER BY of a NOT NULL column keeps the default NULLS
-- placement, so these plain indexes match it exactly, forwards or backwards.

-- Text filters compare lower(name); computing it per row was most of a 'contains' filter's cost (a count reads
-- every matching row). Stored once here, and carried in the indexes below so counts are index-only scans.
alter table sessions add column name_lower text generated always as (lower(name)) stored;

-- The racer's default sort (favorite first, then newest) and favourite filter; replaces
-- sessions_user_favorite (user_id, favorite desc, id desc), which no query could use for that order.
drop index if exists sessions_user_favorite;
create index sessions_user_favorite_date on sessions (user_id, favorite desc, date desc, id desc) include (name_lower);
-- The racer's table sorted by date; the admin's default (user first name, then newest) walks users by first name
-- and each user's sessions through it (an incremental sort that stops after the page).
create index sessions_user_date on sessions (user_id, date desc, id desc);
create index users_first_name on users (first_name);
-- The admin's table (every user) sorted by date or by favorite; filtered counts scan these index-only.
create index sessions_date on sessions (date desc, id desc);
create index sessions_favorite_date on sessions (favorite desc, date desc, id desc) include (name_lower);

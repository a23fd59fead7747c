-- Sessions data tables sorted by name: the order is (name, date, id) both ways - a back-half page reads
-- it reversed - so one index per scope serves ascending and descending pages without sorting every row.
create index sessions_user_name on sessions (user_id, name, date, id);
create index sessions_name on sessions (name, date, id);

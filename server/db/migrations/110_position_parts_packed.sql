-- A position-text part is written deflated by the server (zlib, in `packed`) and kept by PostgreSQL as it is
-- (storage external: no second compression). PostgreSQL's own compression (pglz) of a 256 KiB text part was most
-- of the time an upload took to store on the embedded database; zlib at its fastest level, on Node's thread pool
-- beside the writes, keeps the text smaller (33 % of its size, where pglz kept 39 %) in less time. Parts written
-- before keep their text in `part`; every part has exactly one of the two.
alter table session_position_parts add column packed bytea;
alter table session_position_parts alter column packed set storage external;
alter table session_position_parts alter column part drop not null;
alter table session_position_parts add constraint session_position_parts_one_form check ((part is null) <> (packed is null));

-- Circuits a racer saved from a session (a track near no known circuit, its start/finish confirmed on the map) are
-- theirs alone until an admin promotes them to reference data. Every circuit so far is reference data.
alter table circuits add column is_public boolean not null default true;
create index circuits_private_owner on circuits (user_id) where not is_public;

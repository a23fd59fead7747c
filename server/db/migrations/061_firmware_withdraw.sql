-- Firmware an admin withdrew (a bad image, or one versioned so high that nothing later would ever be offered):
-- kept for the record, never offered again. The newest image not withdrawn is the one served.
alter table firmware add column withdrawn_at timestamptz;
drop index if exists firmware_newest;
create index firmware_newest on firmware (major desc, minor desc, patch desc) where withdrawn_at is null;

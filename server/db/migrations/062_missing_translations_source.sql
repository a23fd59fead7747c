-- Who reported a missing key first (a hash of the client's address), so that one client's reports are capped on
-- their own: one address sending thousands of made-up keys used to fill the whole table, and every later real
-- report was dropped. Rows from before, and reference data rows, have none.
alter table missing_translations add column source text;
create index missing_translations_source on missing_translations (source) where source is not null;

-- The reference data's display texts, one row per translation key (src/contracts/reference-text-keys.ts builds the
-- same keys): the stored English text each key translates. Missing Translations lists the keys a supported
-- language has no override for; empty descriptions and notes have nothing to translate.
create view reference_texts (key, value) as
  select 'ref:country.' || id || '.name', name from countries
  union all select 'ref:circuitType.' || id || '.name', name from circuit_types
  union all select 'ref:vehicleType.' || id || '.name', name from vehicle_types
  union all select 'ref:vehicleCategory.' || id || '.name', name from vehicle_categories
  union all select 'ref:circuit.' || id || '.description', description from circuits where description <> ''
  union all select 'ref:firmware.' || version || '.notes', notes from firmware where notes <> '';

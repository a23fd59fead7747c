-- Translations: admins override any UI string per locale; clients report keys they could not resolve.
create table translation_overrides (
  id serial primary key,
  locale text not null check (locale in ('en-us', 'pt-pt')),
  key text not null,
  value text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index translation_overrides_locale_key on translation_overrides (locale, key);

-- Reported missing keys, one row per (locale, key) with a report count; the table is capped by the API.
create table missing_translations (
  id serial primary key,
  locale text not null check (locale in ('en-us', 'pt-pt')),
  key text not null,
  count integer not null default 1,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create unique index missing_translations_locale_key on missing_translations (locale, key);

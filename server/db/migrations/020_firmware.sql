-- Firmware images. One row per version; the newest by (major, minor, patch) is what GET /api/firmware
-- serves. `image` is the whole file as uploaded (validated: src/domain/firmware-image.ts), `sha256` its hex digest.
create table firmware (
  id serial primary key,
  version text not null,
  major integer not null,
  minor integer not null,
  patch integer not null,
  notes text not null default '',
  size integer not null check (size > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  image bytea not null,
  uploaded_by integer references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index firmware_version_key on firmware (version);
create index firmware_newest on firmware (major desc, minor desc, patch desc);
